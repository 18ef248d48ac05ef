'use client';

import { useState } from 'react';
import { useReturnFocus } from '@/components/ui/use-return-focus';
import { changeMember, removeMember } from '@/lib/auth/organization-admin-actions';
import type { Member, Role } from '@/lib/identity-client/organization';
import { ActionMessage, dangerButton, primaryButton, secondaryButton, useAdminAction } from './use-admin-action';

/** Edit a member's roles and administrator flag, or remove them after a confirmation. */
export function MemberActions({
  organizationId,
  organizationName,
  member,
  roles,
  onlyAdministrator = false,
}: {
  organizationId: string;
  organizationName: string;
  member: Member;
  roles: Role[];
  /** The organization's only administrator: not removed (the identity server would refuse), and said so. */
  onlyAdministrator?: boolean;
}) {
  const [mode, setMode] = useState<'idle' | 'edit' | 'remove'>('idle');
  const [admin, setAdmin] = useState(member.isAdministrator);
  const [roleIds, setRoleIds] = useState(member.roles.map((r) => r.id));
  const { pending, result, run, clear } = useAdminAction();
  const who = member.name ?? member.username ?? member.id;
  // Back from the form or the question, the focus returns to Edit; the row stays mounted across the page's refresh,
  // so the outcome's message stays too.
  const editButton = useReturnFocus<HTMLButtonElement>(mode !== 'idle');
  const open = (next: 'idle' | 'edit' | 'remove') => {
    clear();
    setAdmin(member.isAdministrator);
    setRoleIds(member.roles.map((r) => r.id));
    setMode(next);
  };
  const escapeCloses = (e: React.KeyboardEvent) => {
    if (e.key === 'Escape') open('idle');
  };

  if (mode === 'remove') {
    return (
      <div role="group" aria-label={`Remove ${who}`} className="space-y-2" onKeyDown={escapeCloses}>
        <p className="text-sm text-ink">
          Remove {who} from {organizationName}?
        </p>
        <div className="flex flex-wrap gap-2">
          <button type="button" disabled={pending} className={dangerButton} onClick={() => run(() => removeMember(organizationId, member.id), () => setMode('idle'))}>
            Yes, remove
          </button>
          {/* The safe choice has the focus when the question opens. */}
          <button type="button" autoFocus className={secondaryButton} onClick={() => open('idle')}>
            Cancel
          </button>
        </div>
        <ActionMessage result={result} />
      </div>
    );
  }
  if (mode === 'edit') {
    const toggle = (id: string) => setRoleIds((ids) => (ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id]));
    return (
      <form
        aria-label={`Membership of ${who}`}
        className="space-y-2"
        onKeyDown={escapeCloses}
        onSubmit={(e) => {
          e.preventDefault();
          run(() => changeMember(organizationId, member.id, { isAdministrator: admin, roleIds }), () => setMode('idle'));
        }}
      >
        <label className="flex items-center gap-2 text-sm text-ink">
          {/* Opened from Edit, which is gone now: the focus goes into the form. */}
          <input type="checkbox" autoFocus checked={admin} onChange={(e) => setAdmin(e.target.checked)} /> Administrator
        </label>
        <fieldset disabled={admin} className="space-y-1">
          <legend className="text-xs text-slate-600">Roles {admin ? '(an administrator has every right)' : ''}</legend>
          {roles.map((role) => (
            <label key={role.id} className="flex items-center gap-2 text-sm text-ink">
              <input type="checkbox" checked={roleIds.includes(role.id)} onChange={() => toggle(role.id)} /> {role.name}
            </label>
          ))}
        </fieldset>
        <div className="flex flex-wrap gap-2">
          <button type="submit" disabled={pending} className={primaryButton}>
            Save
          </button>
          <button type="button" className={secondaryButton} onClick={() => open('idle')}>
            Cancel
          </button>
        </div>
        <ActionMessage result={result} />
      </form>
    );
  }
  return (
    <div>
      <div className="flex flex-wrap gap-2">
        <button ref={editButton} type="button" className={`${secondaryButton} py-1`} onClick={() => open('edit')} aria-label={`Edit the membership of ${who}`}>
          Edit
        </button>
        {onlyAdministrator ? (
          <span className="self-center text-xs text-slate-600" title="Make another member an administrator before removing this one.">
            Only administrator<span className="sr-only">: make another member an administrator before removing this one</span>
          </span>
        ) : (
          <button type="button" className={`${secondaryButton} py-1`} onClick={() => open('remove')} aria-label={`Remove ${who}`}>
            Remove
          </button>
        )}
      </div>
      <ActionMessage result={result} />
    </div>
  );
}
