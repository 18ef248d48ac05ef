'use client';

import { browserSupportsWebAuthn, startAuthentication } from '@simplewebauthn/browser';
import { useState } from 'react';
import { useBrowserValue } from '@/components/ui/use-browser-value';
import { buttonSecondary } from './interaction-shell';

/** "Sign in with a passkey": the WebAuthn request runs in the browser, the identity server checks the answer. */
export function PasskeyButton({ uid, csrf }: { uid: string; csrf: string }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // Known only in the browser: the server renders without it.
  const supported = useBrowserValue(browserSupportsWebAuthn, false);
  if (!supported) return null;

  const post = (path: string, body: unknown) =>
    fetch(`/identity/interaction/${uid}/${path}`, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json' }, body: JSON.stringify(body) });

  const signIn = async () => {
    setBusy(true);
    setError(null);
    try {
      const options = await post('passkey/options', { csrf });
      if (!options.ok) throw new Error(((await options.json().catch(() => ({}))) as { error_description?: string }).error_description ?? 'The sign-in has expired. Reload the page.');
      const response = await startAuthentication({ optionsJSON: await options.json() });
      const verified = await post('passkey', { csrf, response });
      const answer = (await verified.json().catch(() => ({}))) as { location?: string; error_description?: string };
      if (!verified.ok || !answer.location) throw new Error(answer.error_description ?? 'That passkey did not work here.');
      window.location.assign(answer.location);
    } catch (err) {
      const name = (err as Error).name;
      setError(name === 'NotAllowedError' || name === 'AbortError' ? 'No passkey was chosen.' : (err as Error).message);
      setBusy(false);
    }
  };

  return (
    <div className="mt-4">
      <button type="button" onClick={() => void signIn()} disabled={busy} className={buttonSecondary}>
        {busy ? 'Waiting for your passkey…' : 'Sign in with a passkey'}
      </button>
      {error ? (
        <p role="alert" className="mt-2 text-sm text-red-800">
          {error}
        </p>
      ) : null}
    </div>
  );
}
