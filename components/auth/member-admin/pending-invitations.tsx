'use client';

import { revokeInvitation } from '@/lib/auth/organization-admin-actions';
import type { Invitation } from '@/lib/identity-client/organization';
import { ActionMessage, secondaryButton, useAdminAction } from './use-admin-action';

const day = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeZone: 'UTC' });

/** Invitations not used yet, each with who sent it, as what, until when, and a button to revoke it. */
export function PendingInvitations({ organizationId, organizationName, invitations }: { organizationId: string; organizationName: string; invitations: Invitation[] }) {
  const { pending, result, run } = useAdminAction();
  if (invitations.length === 0 && !result) return null;
  return (
    <div className="border-b border-slate-100 px-4 py-3">
      <h3 className="text-sm font-semibold text-ink">Pending invitations</h3>
      {invitations.length === 0 ? <p className="mt-1 text-sm text-slate-600">None.</p> : null}
      <ul aria-label={`Pending invitations to ${organizationName}`} className="mt-1 divide-y divide-slate-100 text-sm">
        {invitations.map((invitation) => {
          const who = invitation.email ?? 'Link';
          const as = invitation.isAdministrator ? 'Administrator' : invitation.roles.map((r) => r.name).join(', ') || 'Member';
          return (
            <li key={invitation.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 py-2" data-testid="pending-invitation">
              <span className="font-medium break-all text-ink">{who}</span>
              <span className="text-slate-700">{as}</span>
              <span className="text-xs text-slate-600">
                by {invitation.invitedBy}, until {day.format(new Date(invitation.expiresAt))}
              </span>
              <button
                type="button"
                disabled={pending}
                onClick={() => run(() => revokeInvitation(organizationId, invitation.id))}
                className={`${secondaryButton} ml-auto py-1`}
                aria-label={`Revoke the invitation of ${who}`}
              >
                Revoke
              </button>
            </li>
          );
        })}
      </ul>
      <ActionMessage result={result} />
    </div>
  );
}
