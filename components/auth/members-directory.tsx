'use client';

import { useId, useMemo, useState } from 'react';
import type { DirectoryOrganization } from '@/lib/auth/admin-directory';
import { keepFilterInUrl, roleNamesOf } from './members-filter';
import { MembersFilterFields } from './members-filter-fields';
import { OrganizationMembers } from './organization-members';

/** Each administered organization's members, filtered by name (or e-mail) and role; the filter lives in the URL. */
export function MembersDirectory({
  organizations,
  initialQuery,
  initialRole,
}: {
  organizations: DirectoryOrganization[];
  initialQuery: string;
  initialRole: string;
}) {
  const [query, setQuery] = useState(initialQuery);
  const [role, setRole] = useState(initialRole);
  const queryId = useId();
  const roleId = useId();
  const roleNames = useMemo(() => roleNamesOf(organizations), [organizations]);

  const update = (nextQuery: string, nextRole: string) => {
    setQuery(nextQuery);
    setRole(nextRole);
    keepFilterInUrl(nextQuery, nextRole);
  };

  return (
    <div className="space-y-6">
      <MembersFilterFields queryId={queryId} roleId={roleId} query={query} role={role} roleNames={roleNames} onChange={update} />
      {organizations.map((org) => (
        <OrganizationMembers key={org.id} organization={org} query={query} role={role} />
      ))}
    </div>
  );
}
