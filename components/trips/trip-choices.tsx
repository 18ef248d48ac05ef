'use client';

import Link from 'next/link';
import { SignInButton } from '@/components/auth/sign-in-button';
import { useEffect, useState } from 'react';
import { ExplorerApiError } from '@/lib/explorer/fetch-json';
import { TripConflictError, createTrip, getTrip, patchTrip, tripRequest } from '@/lib/trips/client-api';
import { MAX_TRIP_NAME } from '@/lib/trips/limits';
import { toStopInputClient } from '@/lib/trips/stop-input';
import type { TripView } from '@/lib/trips/view';

interface TripChoice {
  id: string;
  name: string;
  stopCount: number;
}

/** Appends a place to one of my trips; a teammate's save in between is read and the place added to that. */
async function appendPlace(tripId: string, placeId: number): Promise<TripView> {
  for (let attempt = 0; ; attempt++) {
    const { trip } = await getTrip(tripId);
    try {
      return await patchTrip(tripId, { version: trip.version, stops: [...trip.stops.map(toStopInputClient), { kind: 'place', placeId }] });
    } catch (err) {
      if (!(err instanceof TripConflictError) || attempt >= 2) throw err;
    }
  }
}

interface Props {
  placeId: number;
  /** Whether the toggle (in add-to-trip.tsx) is pressed; each opening mounts a new TripChoices. */
  open: boolean;
  panelId: string;
  /** Beside a result card rather than in the drawer's footer. */
  compact: boolean;
  onAdded: () => void;
}

/** Below "Add to trip": my trips to add the place to, a new trip's name, and what happened. */
export function TripChoices({ placeId, open, panelId, compact, onAdded }: Props) {
  const [trips, setTrips] = useState<TripChoice[] | null>(null);
  const [status, setStatus] = useState<{ kind: 'error' | 'signed-out' | 'added'; text: string; tripId?: string } | null>(null);
  const [name, setName] = useState('');
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

  // The toggle's aria-controls names this element: it is there from the first opening on. A confirmation stays after
  // the panel closes; "sign in" and errors go with it.
  const shown = status && (open || status.kind === 'added') ? status : null;
  return (
    <div id={panelId}>
      {shown ? (
        <p role="status" className={`${compact ? 'mx-4 mb-3' : 'mt-2'} ${shown.kind === 'error' ? 'text-red-700' : 'text-slate-700'}`}>
          {shown.text}{' '}
          {shown.tripId ? (
            <Link href={`/trips/${encodeURIComponent(shown.tripId)}`} className="font-medium text-brand-700 underline">
              Open the trip
            </Link>
          ) : null}
          {shown.kind === 'signed-out' ? <SignInButton className="font-medium text-brand-700 underline hover:text-brand-800" /> : null}
        </p>
      ) : null}
      {open && trips ? (
        <div className={`${compact ? 'mx-4 mb-3' : 'mt-2'} max-h-56 overflow-y-auto rounded-lg border border-slate-200 p-2`}>
          {trips.length ? (
            <ul className="flex flex-col">
              {trips.map((t) => (
                <li key={t.id}>
                  <button
                    type="button"
                    disabled={busy}
                    onClick={() => add(() => appendPlace(t.id, placeId))}
                    className="w-full rounded px-2 py-1.5 text-left text-ink hover:bg-slate-100"
                  >
                    {t.name} <span className="text-slate-600">({t.stopCount} {t.stopCount === 1 ? 'stop' : 'stops'})</span>
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
          <form
            className="mt-1 flex gap-2 border-t border-slate-100 pt-2"
            onSubmit={(e) => {
              e.preventDefault();
              if (name.trim()) void add(() => createTrip(name.trim(), [{ kind: 'place', placeId }]));
            }}
          >
            <label className="sr-only" htmlFor={`${panelId}-name`}>
              New trip name
            </label>
            <input
              id={`${panelId}-name`}
              value={name}
              maxLength={MAX_TRIP_NAME}
              placeholder="New trip name"
              onChange={(e) => setName(e.target.value)}
              className="min-w-0 flex-1 rounded-md border border-slate-300 px-2 py-1.5 text-ink"
            />
            <button type="submit" disabled={busy || !name.trim()} className="shrink-0 whitespace-nowrap rounded-md border border-slate-300 px-2 py-1.5 font-medium text-ink hover:bg-slate-100 disabled:opacity-50">
              New trip
            </button>
          </form>
        </div>
      ) : null}
    </div>
  );
}
