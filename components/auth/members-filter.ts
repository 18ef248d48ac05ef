import type { DirectoryOrganization } from '@/lib/auth/admin-directory';
import type { Member } from '@/lib/identity-client/organization';

/** The role filter's value for "Administrators", which is a flag of the member and not a role. */
export const ADMINISTRATOR = '__administrator__';

export function memberMatches(member: Member, query: string, role: string): boolean {
  if (role === ADMINISTRATOR && !member.isAdministrator) return false;
  if (role && role !== ADMINISTRATOR && !member.roles.some((r) => r.name === role)) return false;
  if (!query) return true;
  const q = query.toLocaleLowerCase();
  return [member.name, member.username, member.email].some((v) => v?.toLocaleLowerCase().includes(q));
}

/** Every role name held by a member of these organizations, sorted, once each. */
export function roleNamesOf(organizations: DirectoryOrganization[]): string[] {
  return [...new Set(organizations.flatMap((o) => o.members.flatMap((m) => m.roles.map((r) => r.name))))].sort();
}

export function keepFilterInUrl(query: string, role: string) {
  const url = new URL(window.location.href);
  if (query) url.searchParams.set('q', query);
  else url.searchParams.delete('q');
  if (role) url.searchParams.set('role', role);
  else url.searchParams.delete('role');
  window.history.replaceState(window.history.state, '', url);
}
