import { useState } from 'react';
import type { AdminActionResult } from '@/lib/auth/organization-admin-actions';
import type { Member, Role } from '@/lib/identity-client/organization';
import { ActionMessage, primaryButton, secondaryButton } from './use-admin-action';

/** A member's administrator flag and roles, edited in place of the member's buttons; each opening starts from the member's own. */
export function MembershipForm({
  who,
  member,
  roles,
  pending,
  result,
  onSave,
  onCancel,
  onKeyDown,
}: {
  who: string;
  member: Member;
  roles: Role[];
  pending: boolean;
  result: AdminActionResult | null;
  onSave: (change: { isAdministrator: boolean; roleIds: string[] }) => void;
  onCancel: () => void;
  onKeyDown: (e: React.KeyboardEvent) => void;
}) {
  const [admin, setAdmin] = useState(member.isAdministrator);
  const [roleIds, setRoleIds] = useState(member.roles.map((r) => r.id));
  const toggle = (id: string) => setRoleIds((ids) => (ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id]));
  return (
    <form
      aria-label={`Membership of ${who}`}
      className="space-y-2"
      onKeyDown={onKeyDown}
      onSubmit={(e) => {
        e.preventDefault();
        onSave({ isAdministrator: admin, roleIds });
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
        <button type="button" className={secondaryButton} onClick={onCancel}>
          Cancel
        </button>
      </div>
      <ActionMessage result={result} />
    </form>
  );
}
