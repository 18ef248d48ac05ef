import { useEffect, useState } from 'react';
import { ExplorerApiError } from '@/lib/explorer/fetch-json';
import { tripRequest } from '@/lib/trips/client-api';
import type { TripView } from '@/lib/trips/view';

export interface TripChoice {
  id: string;
  name: string;
  stopCount: number;
}

export interface ChoiceStatus {
  kind: 'error' | 'signed-out' | 'added';
  text: string;
  tripId?: string;
}

/** My trips, read once, to add a place to; `add` runs one addition at a time and says what happened. */
export function useTripChoices(onAdded: () => void) {
  const [trips, setTrips] = useState<TripChoice[] | null>(null);
  const [status, setStatus] = useState<ChoiceStatus | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let current = true;
    tripRequest<{ data: TripChoice[] }>('/api/trips', 'GET').then(
      (answer) => current && setTrips(answer.data),
      (err: unknown) => {
        if (!current) return;
        if (err instanceof ExplorerApiError && err.status === 401) setStatus({ kind: 'signed-out', text: 'Sign in to save places to your trips.' });
        else setStatus({ kind: 'error', text: (err as Error).message });
      },
    );
    return () => {
      current = false;
    };
  }, []);

  const add = async (run: () => Promise<TripView>) => {
    setBusy(true);
    try {
      const view = await run();
      setStatus({ kind: 'added', text: `Added to ${view.trip.name}.`, tripId: view.trip.id });
      onAdded();
    } catch (err) {
      setStatus({ kind: 'error', text: (err as Error).message });
    } finally {
      setBusy(false);
    }
  };
  return { trips, status, busy, add };
}
