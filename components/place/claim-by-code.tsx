'use client';

import { useEffect, useId, useRef, useState } from 'react';
import { confirmClaimCode, sendClaimCode } from '@/lib/explorer/listing-api';
import { claimCodeTyped } from '@/lib/owners/claim-code-shape';

const quiet = 'rounded px-3 py-1.5 text-brand-700 ring-1 ring-brand-200 hover:bg-brand-50 disabled:opacity-60';

/** The code's field, with Confirm and Send a new code. */
function CodeForm({
  id,
  sentTo,
  input,
  code,
  setCode,
  busy,
  invalid,
  onConfirm,
  onResend,
}: {
  id: string;
  sentTo: string;
  input: React.RefObject<HTMLInputElement | null>;
  code: string;
  setCode: (code: string) => void;
  busy: boolean;
  invalid: boolean;
  onConfirm: () => void;
  onResend: () => void;
}) {
  return (
    <form
      className="space-y-1"
      aria-label="Confirm the claim with the e-mailed code"
      onSubmit={(e) => {
        e.preventDefault();
        onConfirm();
      }}
    >
      <label htmlFor={`${id}-code`} className="block text-slate-700">
        The code e-mailed to {sentTo}
      </label>
      <div className="flex flex-wrap gap-2">
        <input
          ref={input}
          id={`${id}-code`}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={12}
          aria-invalid={invalid ? true : undefined}
          aria-describedby={invalid ? `${id}-error` : undefined}
          className="w-32 rounded-md border border-slate-300 px-2 py-1 tracking-widest text-ink"
        />
        <button type="submit" disabled={busy || !code.trim()} className="rounded bg-brand-600 px-3 py-1.5 text-white hover:bg-brand-700 disabled:opacity-60">
          Confirm
        </button>
        <button type="button" disabled={busy} onClick={onResend} className={quiet}>
          Send a new code
        </button>
      </div>
    </form>
  );
}

/**
 * A claim proved by the place's own mailbox: send a code to the address the place gives, then type it here. The
 * right code makes the organization the owner at once; `onChanged` reads the listing again after each step.
 */
export function ClaimByCode({ placeId, email, codeSentTo, onChanged }: { placeId: number; email: string; codeSentTo: string | null; onChanged: () => void }) {
  const id = useId();
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [said, setSaid] = useState('');
  const input = useRef<HTMLInputElement>(null);
  // Once a code is on its way, the field for it is where the person goes next.
  useEffect(() => {
    if (said) input.current?.focus();
  }, [said, codeSentTo]);
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

  const send = () =>
    run(async () => {
      const { sentTo, minutes } = await sendClaimCode(placeId);
      setCode('');
      setSaid(`A code was sent to ${sentTo}. It holds ${minutes} minutes.`);
    });

  return (
    <div className="space-y-2">
      {codeSentTo ? (
        <CodeForm
          id={id}
          sentTo={codeSentTo}
          input={input}
          code={code}
          setCode={setCode}
          busy={busy}
          invalid={error !== null}
          onConfirm={() => {
            const typed = claimCodeTyped(code);
            if (typed) void run(() => confirmClaimCode(placeId, typed));
            else setError('Type the six digits of the e-mail.');
          }}
          onResend={() => void send()}
        />
      ) : (
        <button type="button" disabled={busy} onClick={() => void send()} className={quiet}>
          Prove it with a code e-mailed to {email}
        </button>
      )}
      <p role="status" className="text-xs text-slate-700">
        {said}
      </p>
      {error && (
        <p id={`${id}-error`} role="alert" className="text-xs text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
