'use client';

import { useId, useMemo, useState } from 'react';
import { AuditTrail } from './audit-trail';
import { InviteForm } from './member-admin/invite-form';
import { MemberActions } from './member-admin/member-actions';
import { PendingInvitations } from './member-admin/pending-invitations';
import type { DirectoryOrganization } from '@/lib/auth/admin-directory';
import type { Member } from '@/lib/identity-client/organization';

const ADMINISTRATOR = '__administrator__';

function matches(member: Member, query: string, role: string): boolean {
  if (role === ADMINISTRATOR && !member.isAdministrator) return false;
  if (role && role !== ADMINISTRATOR && !member.roles.some((r) => r.name === role)) return false;
  if (!query) return true;
  const q = query.toLocaleLowerCase();
  return [member.name, member.username, member.email].some((v) => v?.toLocaleLowerCase().includes(q));
}

function keepInUrl(query: string, role: string) {
  const url = new URL(window.location.href);
  if (query) url.searchParams.set('q', query);
  else url.searchParams.delete('q');
  if (role) url.searchParams.set('role', role);
  else url.searchParams.delete('role');
  window.history.replaceState(window.history.state, '', url);
}

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
  const roleNames = useMemo(
    () => [...new Set(organizations.flatMap((o) => o.members.flatMap((m) => m.roles.map((r) => r.name))))].sort(),
    [organizations],
  );

  const update = (nextQuery: string, nextRole: string) => {
    setQuery(nextQuery);
    setRole(nextRole);
    keepInUrl(nextQuery, nextRole);
  };

  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="flex-1">
          <label htmlFor={queryId} className="block text-sm font-medium text-ink">
            Search by name or e-mail
          </label>
          <input
            id={queryId}
            type="search"
            value={query}
            onChange={(e) => update(e.target.value, role)}
            placeholder="e.g. Dan"
            className="mt-1 w-full rounded-md border border-slate-300 px-3 py-2 text-sm focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-600"
          />
        </div>
        <div className="sm:w-56">
          <label htmlFor={roleId} className="block text-sm font-medium text-ink">
            Role
          </label>
          <select
            id={roleId}
            value={role}
            onChange={(e) => update(query, e.target.value)}
            className="mt-1 w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-600"
          >
            <option value="">All roles</option>
            <option value={ADMINISTRATOR}>Administrators</option>
            {roleNames.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </div>
      </div>

      {organizations.map((org) => {
        const shown = org.members.filter((m) => matches(m, query, role));
        const administrators = org.members.filter((m) => m.isAdministrator).length;
        return (
          <section key={org.id} aria-labelledby={`org-${org.id}`} className="rounded-lg border border-slate-200 bg-white shadow-sm">
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
                      <tr key={member.id} data-testid="member-row">
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
                          <MemberActions organizationId={org.id} organizationName={org.name} member={member} roles={org.roles} onlyAdministrator={member.isAdministrator && administrators === 1} />
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
            {org.error ? null : <AuditTrail organizationName={org.name} entries={org.audit} error={org.auditError} />}
          </section>
        );
      })}
    </div>
  );
}
