import 'server-only';
import type { OrganizationMember } from '@/lib/owners/roles';
import type { Session } from './with-session';

/** The signed-in person acting for their active organization, as the owners' rules take them; null without one. */
export function organizationMemberOf(session: Session | null): OrganizationMember | null {
  const org = session?.activeOrganization;
  if (!session || !org) return null;
  return {
    id: session.userId,
    name: session.name ?? 'A member',
    organizationId: org.id,
    organizationName: org.name,
    admin: org.admin,
    roles: org.roles,
  };
}
