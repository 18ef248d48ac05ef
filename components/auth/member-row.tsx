import type { Member, Role } from '@/lib/identity-client/organization';
import { MemberActions } from './member-admin/member-actions';

/** One member: name and username (with e-mail and the administrator badge folded in on phones), roles, actions. */
export function MemberRow({
  organizationId,
  organizationName,
  member,
  roles,
  onlyAdministrator,
}: {
  organizationId: string;
  organizationName: string;
  member: Member;
  roles: Role[];
  onlyAdministrator: boolean;
}) {
  return (
    <tr data-testid="member-row">
      <td className="px-4 py-2">
        <span className="font-medium text-ink">{member.name ?? member.username ?? member.id}</span>
        {member.username ? <span className="block text-xs text-slate-600">@{member.username}</span> : null}
        {member.email ? <span className="block text-xs break-all text-slate-600 sm:hidden">{member.email}</span> : null}
        {member.isAdministrator ? <span className="mt-1 inline-block rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-700 sm:hidden">Administrator</span> : null}
      </td>
      <td className="hidden px-4 py-2 text-slate-700 sm:table-cell">{member.email ?? '—'}</td>
      <td className="px-4 py-2 text-slate-700">{member.roles.map((r) => r.name).join(', ') || '—'}</td>
      <td className="hidden px-4 py-2 sm:table-cell">
        {member.isAdministrator ? (
          <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-700">Administrator</span>
        ) : (
          <span className="text-slate-600">No</span>
        )}
      </td>
      <td className="px-4 py-2">
        <MemberActions organizationId={organizationId} organizationName={organizationName} member={member} roles={roles} onlyAdministrator={onlyAdministrator} />
      </td>
    </tr>
  );
}
