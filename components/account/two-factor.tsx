'use client';

import { useRouter } from 'next/navigation';
import { useId, useState, useTransition } from 'react';
import { confirmTotp, disableTotp, startTotp, type TotpStart } from '@/lib/auth/account-actions';
import type { AccountView } from '@/lib/identity-client/account';
import { CopyButton } from '@/components/ui/copy-button';

const field =
  'mt-1 w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-600';
const primary =
  'rounded-md bg-brand-600 px-3 py-2 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-60 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ink';

/**
 * Turn TOTP on (the password, then the QR code and a first code, recovery codes shown once) or off (with the
 * password): the identity server takes the current password for every change of a second factor.
 */
export function TwoFactor({ account }: { account: AccountView }) {
  const router = useRouter();
  const [pending, start] = useTransition();
  const [enrollment, setEnrollment] = useState<Extract<TotpStart, { ok: true }> | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const codeId = useId();
  const passwordId = useId();

  if (codes) {
    return (
      <div>
        <p role="status" className="text-sm text-brand-700">
          Two-factor sign-in is on. Keep these recovery codes somewhere safe: each works once if you lose your phone, and they are not shown again.
        </p>
        <ul aria-label="Recovery codes" className="mt-2 grid grid-cols-2 gap-1 font-mono text-sm text-ink" data-testid="recovery-codes">
          {codes.map((c) => (
            <li key={c}>{c}</li>
          ))}
        </ul>
        <CopyButton text={codes.join('\n')} label="the recovery codes" className="mt-2 rounded-md border border-slate-300 px-2 py-1 text-sm font-medium text-ink hover:bg-slate-100" />
        <button type="button" className={`${primary} mt-3 ml-2`} onClick={() => (setCodes(null), router.refresh())}>
          I have saved them
        </button>
      </div>
    );
  }
  if (account.twoFactor.totp) {
    return (
      <form
        className="space-y-3"
        onSubmit={(e) => {
          e.preventDefault();
          start(async () => {
            const r = await disableTotp(password);
            setMessage({ ok: r.ok, text: r.message });
            if (r.ok) {
              setPassword('');
              router.refresh();
            }
          });
        }}
      >
        <p className="text-sm text-slate-700">
          On: sign-in asks for a code from your authenticator app. {account.twoFactor.recoveryCodesLeft} recovery codes left.
        </p>
        <div>
          <label htmlFor={passwordId} className="block text-sm font-medium text-ink">
            Password (to turn it off)
          </label>
          <input id={passwordId} type="password" value={password} onChange={(e) => setPassword(e.target.value)} autoComplete="current-password" required className={field} />
        </div>
        <button type="submit" disabled={pending} className={primary}>
          Turn off two-factor sign-in
        </button>
        {message ? (
          <p role={message.ok ? 'status' : 'alert'} className={`text-sm ${message.ok ? 'text-brand-700' : 'text-red-800'}`}>
            {message.text}
          </p>
        ) : null}
      </form>
    );
  }
  if (!enrollment) {
    return (
      <form
        className="space-y-3"
        onSubmit={(e) => {
          e.preventDefault();
          start(async () => {
            const r = await startTotp(password);
            setMessage(r.ok ? null : { ok: false, text: r.message });
            if (r.ok) setEnrollment(r);
          });
        }}
      >
        <p className="text-sm text-slate-700">Off. With it on, sign-in also asks for a code from an authenticator app on your phone.</p>
        <div>
          <label htmlFor={passwordId} className="block text-sm font-medium text-ink">
            Current password
          </label>
          <input id={passwordId} type="password" value={password} onChange={(e) => setPassword(e.target.value)} autoComplete="current-password" required className={field} />
        </div>
        <button type="submit" disabled={pending} className={primary}>
          Set up an authenticator app
        </button>
        {message ? (
          <p role="alert" className="text-sm text-red-800">
            {message.text}
          </p>
        ) : null}
      </form>
    );
  }
  return (
    <form
      className="space-y-3"
      onSubmit={(e) => {
        e.preventDefault();
        start(async () => {
          const r = await confirmTotp(code, password);
          // A right code clears what a wrong one said: the message must not follow the person to the next step.
          setMessage(r.ok ? null : { ok: false, text: r.message });
          if (r.ok) {
            setPassword('');
            setCodes(r.recoveryCodes);
          }
        });
      }}
    >
      <p className="text-sm text-slate-700">Scan this code with your authenticator app, or type the key below into it, then enter the code it shows.</p>
      {/* A data: URL made on the server: next/image has nothing to optimize here. */}
      {/* eslint-disable-next-line @next/next/no-img-element */}
      <img src={enrollment.qrCode} alt="QR code for your authenticator app" width={220} height={220} className="rounded border border-slate-200" />
      <p className="text-sm text-slate-700">
        Key: <code className="font-mono break-words text-ink" data-testid="totp-secret">{enrollment.secret.match(/.{1,4}/g)?.join(' ')}</code>
      </p>
      <div>
        <label htmlFor={codeId} className="block text-sm font-medium text-ink">
          Code from the app
        </label>
        <input id={codeId} inputMode="numeric" pattern="[0-9]*" autoComplete="one-time-code" autoFocus value={code} onChange={(e) => setCode(e.target.value)} required className={field} />
      </div>
      <button type="submit" disabled={pending} className={primary}>
        Turn on
      </button>
      {message ? (
        <p role="alert" className="text-sm text-red-800">
          {message.text}
        </p>
      ) : null}
    </form>
  );
}
