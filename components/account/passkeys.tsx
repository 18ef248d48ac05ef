'use client';

import { browserSupportsWebAuthn, startRegistration } from '@simplewebauthn/browser';
import { useRouter } from 'next/navigation';
import { useId, useState, useSyncExternalStore, useTransition } from 'react';
import { addPasskey, passkeyOptions, removePasskey } from '@/lib/auth/account-actions';
import type { AccountView } from '@/lib/identity-client/account';

const field =
  'mt-1 w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-600';
const primary =
  'rounded-md bg-brand-600 px-3 py-2 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-60 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ink';
const secondary =
  'rounded-md border border-slate-300 bg-white px-3 py-1 text-sm font-medium text-ink hover:bg-slate-50 disabled:opacity-60 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600';
const day = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeZone: 'UTC' });

const noSubscription = () => () => {};

/**
 * The account's passkeys: add one (the browser creates it, the identity server checks it), remove one. Both take
 * the current password (the identity server's rule for every change of a second factor), typed once above them.
 */
export function Passkeys({ account }: { account: AccountView }) {
  const router = useRouter();
  const nameId = useId();
  const passwordId = useId();
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [pending, start] = useTransition();
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  // Known only in the browser: the server renders with it.
  const supported = useSyncExternalStore(noSubscription, browserSupportsWebAuthn, () => true);

  const needPassword = () => {
    if (password) return false;
    setMessage({ ok: false, text: 'Enter your current password first: adding or removing a passkey asks for it.' });
    return true;
  };

  const add = () =>
    start(async () => {
      setMessage(null);
      if (needPassword()) return;
      const options = await passkeyOptions(password);
      if (!options.ok) return setMessage({ ok: false, text: options.message });
      let response: unknown;
      try {
        response = await startRegistration({ optionsJSON: options.options as never });
      } catch (err) {
        return setMessage({ ok: false, text: (err as Error).name === 'NotAllowedError' ? 'No passkey was created.' : (err as Error).message });
      }
      const added = await addPasskey(response, name || 'Passkey', password);
      setMessage({ ok: added.ok, text: added.message });
      if (added.ok) {
        setName('');
        setPassword('');
        router.refresh();
      }
    });

  return (
    <div className="space-y-3">
      {account.passkeys.length === 0 ? (
        <p className="text-sm text-slate-700">None yet. A passkey signs you in with your device&apos;s screen lock instead of a password and a code.</p>
      ) : (
        <ul aria-label="Passkeys" className="divide-y divide-slate-100 text-sm">
          {account.passkeys.map((passkey) => (
            <li key={passkey.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2" data-testid="passkey">
              <span className="font-medium text-ink">{passkey.name}</span>
              <span className="text-xs text-slate-600">
                added {day.format(new Date(passkey.createdAt))}
                {passkey.lastUsedAt ? `, last used ${day.format(new Date(passkey.lastUsedAt))}` : ''}
              </span>
              <button
                type="button"
                disabled={pending}
                className={`${secondary} ml-auto`}
                aria-label={`Remove the passkey ${passkey.name}`}
                onClick={() =>
                  start(async () => {
                    if (needPassword()) return;
                    const r = await removePasskey(passkey.id, password);
                    setMessage({ ok: r.ok, text: r.message });
                    if (r.ok) {
                      setPassword('');
                      router.refresh();
                    }
                  })
                }
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      <div>
        <label htmlFor={passwordId} className="block text-sm font-medium text-ink">
          Current password
        </label>
        <input
          id={passwordId}
          type="password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          autoComplete="current-password"
          aria-describedby={`${passwordId}-hint`}
          className={field}
        />
        <p id={`${passwordId}-hint`} className="mt-1 text-xs text-slate-600">
          Adding or removing a passkey asks for it.
        </p>
      </div>
      {supported ? (
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <div className="flex-1">
            <label htmlFor={nameId} className="block text-sm font-medium text-ink">
              Name for the new passkey
            </label>
            <input id={nameId} value={name} onChange={(e) => setName(e.target.value)} placeholder="e.g. My laptop" maxLength={60} className={field} />
          </div>
          <button type="button" disabled={pending} onClick={add} className={primary}>
            Add a passkey
          </button>
        </div>
      ) : (
        <p className="text-sm text-slate-600">This browser cannot create passkeys.</p>
      )}
      {message ? (
        <p role={message.ok ? 'status' : 'alert'} className={`text-sm ${message.ok ? 'text-brand-700' : 'text-red-800'}`}>
          {message.text}
        </p>
      ) : null}
    </div>
  );
}
