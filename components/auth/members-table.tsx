import type { DirectoryOrganization } from '@/lib/auth/admin-directory';
import type { Member } from '@/lib/identity-client/organization';
import { MemberRow } from './member-row';

/** The members of one organization the filter shows, one row each. */
export function MembersTable({ organization, shown }: { organization: DirectoryOrganization; shown: Member[] }) {
  const administrators = organization.members.filter((m) => m.isAdministrator).length;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <thead className="bg-slate-50 text-xs tracking-wide text-slate-600 uppercase">
          <tr>
            <th scope="col" className="px-4 py-2 font-medium">Name</th>
            <th scope="col" className="hidden px-4 py-2 font-medium sm:table-cell">E-mail</th>
            <th scope="col" className="px-4 py-2 font-medium">Roles</th>
            <th scope="col" className="hidden px-4 py-2 font-medium sm:table-cell">Administrator</th>
            <th scope="col" className="px-4 py-2 font-medium">Actions</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {shown.map((member) => (
            <MemberRow
              key={member.id}
              organizationId={organization.id}
              organizationName={organization.name}
              member={member}
              roles={organization.roles}
              onlyAdministrator={member.isAdministrator && administrators === 1}
            />
          ))}
        </tbody>
      </table>
    </div>
  );
}
