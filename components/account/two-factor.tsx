'use client';

import { useId } from 'react';
import type { AccountView } from '@/lib/identity-client/account';
import { ConfirmTotpForm } from './confirm-totp-form';
import { RecoveryCodes } from './recovery-codes';
import { TotpPasswordForm } from './totp-password-form';
import { useTotpSteps } from './use-totp-steps';

/**
 * Turn TOTP on (the password, then the QR code and a first code, recovery codes shown once) or off (with the
 * password): the identity server takes the current password for every change of a second factor.
 */
export function TwoFactor({ account }: { account: AccountView }) {
  const totp = useTotpSteps();
  const codeId = useId();
  const passwordId = useId();
  const passwordStep = { passwordId, password: totp.password, onPasswordChange: totp.setPassword, pending: totp.pending, message: totp.message };

  if (totp.codes) return <RecoveryCodes codes={totp.codes} onSaved={totp.codesSaved} />;
  if (account.twoFactor.totp) {
    return (
      <TotpPasswordForm
        {...passwordStep}
        intro={<>On: sign-in asks for a code from your authenticator app. {account.twoFactor.recoveryCodesLeft} recovery codes left.</>}
        passwordLabel="Password (to turn it off)"
        submitLabel="Turn off two-factor sign-in"
        onSubmit={totp.turnOff}
      />
    );
  }
  if (!totp.enrollment) {
    return (
      <TotpPasswordForm
        {...passwordStep}
        intro="Off. With it on, sign-in also asks for a code from an authenticator app on your phone."
        passwordLabel="Current password"
        submitLabel="Set up an authenticator app"
        onSubmit={totp.begin}
        messageAsAlert
      />
    );
  }
  return (
    <ConfirmTotpForm
      enrollment={totp.enrollment}
      codeId={codeId}
      code={totp.code}
      onCodeChange={totp.setCode}
      pending={totp.pending}
      onSubmit={totp.confirm}
      message={totp.message}
    />
  );
}
