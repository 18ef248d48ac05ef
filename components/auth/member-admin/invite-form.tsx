'use client';

import { useId, useState } from 'react';
import { inviteMember } from '@/lib/auth/organization-admin-actions';
import type { Role } from '@/lib/identity-client/organization';
import { ActionMessage, fieldClass, primaryButton, useAdminAction } from './use-admin-action';
import { CopyButton } from '@/components/ui/copy-button';

const ADMINISTRATOR = '__administrator__';

/** Invite someone by e-mail, or get a link to hand over (e-mail left empty), with a role or as administrator. */
export function InviteForm({ organizationId, organizationName, roles }: { organizationId: string; organizationName: string; roles: Role[] }) {
  const emailId = useId();
  const roleId = useId();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState(roles[0]?.id ?? ADMINISTRATOR);
  const { pending, result, run } = useAdminAction();

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const isAdministrator = role === ADMINISTRATOR;
    run(() => inviteMember(organizationId, { email, isAdministrator, roleIds: isAdministrator ? [] : [role] }), () => setEmail(''));
  };

  return (
    <form onSubmit={submit} aria-label={`Invite someone to ${organizationName}`} className="border-b border-slate-100 px-4 py-3">
      <h3 className="text-sm font-semibold text-ink">Invite someone</h3>
      <div className="mt-2 flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="flex-1">
          <label htmlFor={emailId} className="block text-sm font-medium text-ink">
            E-mail <span className="font-normal text-slate-600">(leave empty for a link to share)</span>
          </label>
          <input id={emailId} type="email" value={email} onChange={(e) => setEmail(e.target.value)} autoComplete="off" className={fieldClass} />
        </div>
        <div className="sm:w-56">
          <label htmlFor={roleId} className="block text-sm font-medium text-ink">
            As
          </label>
          <select id={roleId} value={role} onChange={(e) => setRole(e.target.value)} className={fieldClass}>
            {roles.map((r) => (
              <option key={r.id} value={r.id}>
                {r.name}
              </option>
            ))}
            <option value={ADMINISTRATOR}>Administrator</option>
          </select>
        </div>
        <button type="submit" disabled={pending} className={primaryButton}>
          {pending ? 'Inviting…' : email.trim() ? 'Send invitation' : 'Create link'}
        </button>
      </div>
      <ActionMessage result={result} />
      {result?.ok && result.link ? (
        <div className="mt-2">
          <label className="block text-sm font-medium text-ink">
            Invitation link (works once, for 7 days)
            <input readOnly value={result.link} onFocus={(e) => e.target.select()} className={`${fieldClass} font-mono text-xs`} data-testid="invitation-link" />
          </label>
          <CopyButton text={result.link} label="the invitation link" className="mt-1 rounded-md border border-slate-300 px-2 py-1 text-sm font-medium text-ink hover:bg-slate-100" />
        </div>
      ) : null}
    </form>
  );
}
