'use client';

import { useRouter } from 'next/navigation';
import { useEffect } from 'react';
import { postActiveOrganization } from '@/lib/auth/post-active-organization';

/**
 * On the members page of an organization other than the one the person explores as, the switcher moves to this one:
 * the address bar and the switcher name the same organization.
 */
export function FollowOrganization({ organizationId }: { organizationId: string }) {
  const router = useRouter();
  useEffect(() => {
    let current = true;
    postActiveOrganization(organizationId).then(
      () => current && router.refresh(),
      () => {
        // The server refused (the session changed meanwhile): the switcher keeps what the server says.
      },
    );
    return () => {
      current = false;
    };
  }, [organizationId, router]);
  return null;
}
