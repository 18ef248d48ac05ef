'use client';

import { useId } from 'react';
import type { AccountView } from '@/lib/identity-client/account';
import { AddPasskeyFields } from './add-passkey-fields';
import { FactorMessage } from './factor-message';
import { PasskeyList } from './passkey-list';
import { PasskeyPasswordField } from './passkey-password-field';
import { usePasskeyChanges } from './use-passkey-changes';
import { useWebAuthnSupport } from './use-webauthn-support';

/**
 * The account's passkeys: add one (the browser creates it, the identity server checks it), remove one. Both take
 * the current password (the identity server's rule for every change of a second factor), typed once above them.
 */
export function Passkeys({ account }: { account: AccountView }) {
  const nameId = useId();
  const passwordId = useId();
  const changes = usePasskeyChanges();
  const supported = useWebAuthnSupport();

  return (
    <div className="space-y-3">
      <PasskeyList passkeys={account.passkeys} pending={changes.pending} onRemove={changes.remove} />
      <PasskeyPasswordField id={passwordId} password={changes.password} onChange={changes.setPassword} />
      <AddPasskeyFields supported={supported} nameId={nameId} name={changes.name} onNameChange={changes.setName} pending={changes.pending} onAdd={changes.add} />
      <FactorMessage message={changes.message} />
    </div>
  );
}
