export type FactorOutcome = { ok: boolean; text: string };

/**
 * What the identity server answered to a change of a second factor: a success is a status, a refusal an alert.
 * `asAlert`: the step shows every message as a refusal (the steps of turning the authenticator app on).
 */
export function FactorMessage({ message, asAlert = false }: { message: FactorOutcome | null; asAlert?: boolean }) {
  if (!message) return null;
  const ok = message.ok && !asAlert;
  return (
    <p role={ok ? 'status' : 'alert'} className={`text-sm ${ok ? 'text-brand-700' : 'text-red-800'}`}>
      {message.text}
    </p>
  );
}
