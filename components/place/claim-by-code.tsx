'use client';

import { useId, useState } from 'react';
import { confirmClaimCode, sendClaimCode } from '@/lib/explorer/listing-api';

const quiet = 'rounded px-3 py-1.5 text-brand-700 ring-1 ring-brand-200 hover:bg-brand-50 disabled:opacity-60';

/**
 * A claim proved by the place's own mailbox: send a code to the address the place gives, then type it here. The
 * right code makes the organization the owner at once; `onChanged` reads the listing again after each step.
 */
export function ClaimByCode({ placeId, email, codeSentTo, onChanged }: { placeId: number; email: string; codeSentTo: string | null; onChanged: () => void }) {
  const id = useId();
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async (step: () => Promise<unknown>) => {
    setBusy(true);
    setError(null);
    try {
      await step();
      onChanged();
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="space-y-2">
      {codeSentTo ? (
        <form
          className="space-y-1"
          aria-label="Confirm the claim with the e-mailed code"
          onSubmit={(e) => {
            e.preventDefault();
            void run(() => confirmClaimCode(placeId, code));
          }}
        >
          <label htmlFor={`${id}-code`} className="block text-slate-700">
            The code e-mailed to {codeSentTo}
          </label>
          <div className="flex flex-wrap gap-2">
            <input
              id={`${id}-code`}
              value={code}
              onChange={(e) => setCode(e.target.value)}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={12}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              className="w-32 rounded-md border border-slate-300 px-2 py-1 tracking-widest text-ink"
            />
            <button type="submit" disabled={busy || !code.trim()} className="rounded bg-brand-600 px-3 py-1.5 text-white hover:bg-brand-700 disabled:opacity-60">
              Confirm
            </button>
            <button type="button" disabled={busy} onClick={() => void run(() => sendClaimCode(placeId))} className={quiet}>
              Send a new code
            </button>
          </div>
        </form>
      ) : (
        <button type="button" disabled={busy} onClick={() => void run(() => sendClaimCode(placeId))} className={quiet}>
          Prove it with a code e-mailed to {email}
        </button>
      )}
      {error && (
        <p id={`${id}-error`} role="alert" className="text-xs text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
