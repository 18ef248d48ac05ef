'use client';

import { useState } from 'react';
import { useReturnFocus } from '@/components/ui/use-return-focus';
import { changeMember, removeMember } from '@/lib/auth/organization-admin-actions';
import type { Member, Role } from '@/lib/identity-client/organization';
import { MemberButtons } from './member-buttons';
import { useMemberNotice } from './member-notices';
import { MembershipForm } from './membership-form';
import { RemoveMemberQuestion } from './remove-member-question';
import { useAdminAction } from './use-admin-action';

type Mode = 'idle' | 'edit' | 'remove';

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
  const [mode, setMode] = useState<Mode>('idle');
  const { pending, result, run, clear } = useAdminAction();
  const announce = useMemberNotice();
  const who = member.name ?? member.username ?? member.id;
  // Back from the form or the question, the focus returns to Edit; the row stays mounted across the page's refresh,
  // so the outcome's message stays too.
  const editButton = useReturnFocus<HTMLButtonElement>(mode !== 'idle');
  const open = (next: Mode) => {
    clear();
    setMode(next);
  };
  const close = () => open('idle');
  const escapeCloses = (e: React.KeyboardEvent) => {
    if (e.key === 'Escape') close();
  };
  const shared = { who, pending, result, onCancel: close, onKeyDown: escapeCloses };

  if (mode === 'remove') {
    const removed = () => {
      setMode('idle');
      announce(`Removed ${who} from ${organizationName}.`);
    };
    return <RemoveMemberQuestion {...shared} organizationName={organizationName} onRemove={() => run(() => removeMember(organizationId, member.id), removed)} />;
  }
  if (mode === 'edit') {
    return <MembershipForm {...shared} member={member} roles={roles} onSave={(change) => run(() => changeMember(organizationId, member.id, change), () => setMode('idle'))} />;
  }
  return <MemberButtons who={who} onlyAdministrator={onlyAdministrator} editButtonRef={editButton} onEdit={() => open('edit')} onRemove={() => open('remove')} result={result} />;
}
