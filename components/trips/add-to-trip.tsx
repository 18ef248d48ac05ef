'use client';

import Link from 'next/link';
import { useId, useState } from 'react';
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
  /** On a result card: the place's name (the list has one button per result, so each says whose it is). */
  placeName?: string;
  /** On a result card: the card itself, which the compact button sits beside. */
  card?: React.ReactNode;
  /** The card row's colours (hover, selected), so the button beside the card shares them. */
  cardRowClassName?: string;
}

function PlusIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
      <path d="M10 4v12M4 10h12" />
    </svg>
  );
}

/** "Add to trip", in a place's drawer or beside a result card: to an existing trip or a new one. */
export function AddToTrip({ placeId, placeName, card, cardRowClassName = '' }: Props) {
  const [open, setOpen] = useState(false);
  const [trips, setTrips] = useState<TripChoice[] | null>(null);
  const [status, setStatus] = useState<{ kind: 'error' | 'signed-out' | 'added'; text: string; tripId?: string } | null>(null);
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const panel = useId();

  const load = async () => {
    setOpen((o) => !o);
    if (open) return;
    setStatus(null);
    try {
      setTrips((await tripRequest<{ data: TripChoice[] }>('/api/trips', 'GET')).data);
    } catch (err) {
      if (err instanceof ExplorerApiError && err.status === 401) setStatus({ kind: 'signed-out', text: 'Sign in to save places to your trips.' });
      else setStatus({ kind: 'error', text: (err as Error).message });
    }
  };

  const add = async (run: () => Promise<TripView>) => {
    setBusy(true);
    try {
      const view = await run();
      setStatus({ kind: 'added', text: `Added to ${view.trip.name}.`, tripId: view.trip.id });
      setOpen(false);
    } catch (err) {
      setStatus({ kind: 'error', text: (err as Error).message });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={card ? 'text-sm' : 'shrink-0 border-t border-slate-200 bg-white px-5 py-3 text-sm'} data-testid={card ? 'add-to-trip-from-list' : 'add-to-trip'}>
      {card ? (
        <div className={`flex items-center ${cardRowClassName}`}>
          {card}
          <button
            type="button"
            aria-expanded={open}
            aria-controls={panel}
            aria-label={`Add ${placeName ?? 'this place'} to a trip`}
            title="Add to trip"
            onClick={load}
            className="mr-3 shrink-0 rounded-md border border-slate-300 bg-white p-1.5 text-slate-700 hover:bg-slate-100 hover:text-ink"
          >
            <PlusIcon />
          </button>
        </div>
      ) : (
        <button
          type="button"
          aria-expanded={open}
          aria-controls={panel}
          onClick={load}
          className="rounded-md bg-brand-600 px-3 py-1.5 font-medium text-white hover:bg-brand-700"
        >
          Add to trip
        </button>
      )}
      {status ? (
        <p role="status" className={`${card ? 'mx-4 mb-3' : 'mt-2'} ${status.kind === 'error' ? 'text-red-700' : 'text-slate-700'}`}>
          {status.text}{' '}
          {status.tripId ? (
            <Link href={`/trips/${encodeURIComponent(status.tripId)}`} className="font-medium text-brand-700 underline">
              Open the trip
            </Link>
          ) : null}
        </p>
      ) : null}
      {open && trips ? (
        <div id={panel} className={`${card ? 'mx-4 mb-3' : 'mt-2'} max-h-56 overflow-y-auto rounded-lg border border-slate-200 p-2`}>
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
            <label className="sr-only" htmlFor={`${panel}-name`}>
              New trip name
            </label>
            <input
              id={`${panel}-name`}
              value={name}
              maxLength={MAX_TRIP_NAME}
              placeholder="New trip name"
              onChange={(e) => setName(e.target.value)}
              className="min-w-0 flex-1 rounded-md border border-slate-300 px-2 py-1.5 text-ink"
            />
            <button type="submit" disabled={busy || !name.trim()} className="rounded-md border border-slate-300 px-2 py-1.5 font-medium text-ink hover:bg-slate-100 disabled:opacity-50">
              New trip
            </button>
          </form>
        </div>
      ) : null}
    </div>
  );
}
