import { useState } from 'react';
import type { TripView } from '@/lib/trips/view';

/** One sharing change at a time: the buttons wait while it runs, then the trip as changed, what it did, or why not. */
export function useShareRequest(onChange: (view: TripView) => void) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const run = async (call: () => Promise<TripView>, done?: string) => {
    setBusy(true);
    setError(null);
    setNotice(null);
    try {
      onChange(await call());
      if (done) setNotice(done);
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, notice, run };
}
