import type { DirectoryOrganization } from '@/lib/auth/admin-directory';
import { AuditTrail } from './audit-trail';
import { InviteForm } from './member-admin/invite-form';
import { MemberNotices } from './member-admin/member-notices';
import { PendingInvitations } from './member-admin/pending-invitations';
import { memberMatches } from './members-filter';
import { MembersTable } from './members-table';

/** One administered organization: how many members the filter shows, invitations, the members, the audit trail. */
export function OrganizationMembers({ organization: org, query, role }: { organization: DirectoryOrganization; query: string; role: string }) {
  const shown = org.members.filter((m) => memberMatches(m, query, role));
  return (
    <section aria-labelledby={`org-${org.id}`} className="rounded-lg border border-slate-200 bg-white shadow-sm">
      <header className="flex flex-wrap items-baseline justify-between gap-2 border-b border-slate-100 px-4 py-3">
        <h2 id={`org-${org.id}`} className="text-lg font-semibold text-ink">
          {org.name}
        </h2>
        <p className="text-sm text-slate-600" aria-live="polite">
          {org.error ? 'Members unavailable' : `${shown.length} of ${org.members.length} members`}
        </p>
      </header>
      {org.error ? null : (
        <>
          <InviteForm organizationId={org.id} organizationName={org.name} roles={org.roles} />
          <PendingInvitations organizationId={org.id} organizationName={org.name} invitations={org.invitations} />
        </>
      )}
      {org.error ? (
        <p role="alert" className="px-4 py-4 text-sm text-red-800">
          {org.error}
        </p>
      ) : shown.length === 0 ? (
        <p className="px-4 py-6 text-sm text-slate-600">No member matches this filter.</p>
      ) : (
        <MemberNotices>
          <MembersTable organization={org} shown={shown} />
        </MemberNotices>
      )}
      {org.error ? null : <AuditTrail organizationName={org.name} entries={org.audit} error={org.auditError} />}
    </section>
  );
}
