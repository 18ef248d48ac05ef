'use client';

import { useState } from 'react';
import { FactorMessage, type FactorOutcome } from './factor-message';
import { fieldClass, primaryButton } from './factor-styles';
import type { TotpEnrollment } from './use-totp-steps';

/** The last step of turning TOTP on: the QR code and its key, and the first code the authenticator app shows. */
export function ConfirmTotpForm({
  enrollment,
  codeId,
  code,
  onCodeChange,
  pending,
  onSubmit,
  message,
}: {
  enrollment: TotpEnrollment;
  codeId: string;
  code: string;
  onCodeChange: (code: string) => void;
  pending: boolean;
  onSubmit: () => void;
  message: FactorOutcome | null;
}) {
  return (
    <form
      className="space-y-3"
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      <p className="text-sm text-slate-700">Scan this code with your authenticator app, or type the key below into it, then enter the code it shows.</p>
      <p className="text-sm text-slate-700">
        On the phone that has the app?{' '}
        <a href={enrollment.otpauthUrl} className="font-medium text-brand-700 underline">
          Open it in your authenticator app
        </a>
      </p>
      {/* A data: URL made on the server: next/image has nothing to optimize here. */}
      {/* eslint-disable-next-line @next/next/no-img-element */}
      <img src={enrollment.qrCode} alt="QR code for your authenticator app" width={220} height={220} className="rounded border border-slate-200" />
      <p className="text-sm text-slate-700">
        Key: <code className="font-mono break-words text-ink" data-testid="totp-secret">{enrollment.secret.match(/.{1,4}/g)?.join(' ')}</code>
      </p>
      <CopyKey secret={enrollment.secret} />
      <div>
        <label htmlFor={codeId} className="block text-sm font-medium text-ink">
          Code from the app
        </label>
        <input id={codeId} inputMode="numeric" pattern="[0-9]*" autoComplete="one-time-code" autoFocus value={code} onChange={(e) => onCodeChange(e.target.value)} required className={fieldClass} />
      </div>
      <button type="submit" disabled={pending} className={primaryButton}>
        Turn on
      </button>
      <FactorMessage message={message} asAlert />
    </form>
  );
}

/** Copies the key for an app on the same phone that cannot scan its own screen. */
function CopyKey({ secret }: { secret: string }) {
  const [said, setSaid] = useState('');
  return (
    <div className="flex flex-wrap items-center gap-3">
      <button
        type="button"
        className="rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium text-ink hover:bg-slate-50"
        onClick={() => {
          navigator.clipboard.writeText(secret).then(
            () => setSaid('Key copied.'),
            () => setSaid('Could not copy: select the key and copy it.'),
          );
        }}
      >
        Copy key
      </button>
      <span role="status" className="text-sm text-slate-700">
        {said}
      </span>
    </div>
  );
}
