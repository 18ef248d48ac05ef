'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { createTrip, tripRequest } from '@/lib/trips/client-api';
import { MAX_TRIP_NAME } from '@/lib/trips/limits';
import type { TripView } from '@/lib/trips/view';

/** Starts a trip by name, or from a GPX file (its waypoints become the stops). */
export function NewTripForm() {
  const router = useRouter();
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  /** `from`: the field the request started from, disabled while it runs, which takes the focus back if it fails. */
  const open = async (make: () => Promise<TripView>, from?: HTMLElement) => {
    setBusy(true);
    setError(null);
    try {
      const view = await make();
      router.push(`/trips/${encodeURIComponent(view.trip.id)}`);
    } catch (err) {
      setError((err as Error).message);
      setBusy(false);
      if (from) requestAnimationFrame(() => from.focus());
    }
  };

  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <form
        data-testid="new-trip-form"
        className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
        onSubmit={(e) => {
          e.preventDefault();
          if (name.trim()) void open(() => createTrip(name.trim()));
        }}
      >
        <label htmlFor="new-trip-name" className="font-semibold text-ink">
          New trip
        </label>
        <div className="mt-2 flex gap-2">
          <input
            id="new-trip-name"
            value={name}
            maxLength={MAX_TRIP_NAME}
            placeholder="Pacific coast in June"
            onChange={(e) => setName(e.target.value)}
            className="min-w-0 flex-1 rounded-md border border-slate-300 px-2 py-1.5 text-ink"
          />
          <button type="submit" disabled={busy || !name.trim()} className="rounded-md bg-brand-600 px-3 py-1.5 font-medium text-white hover:bg-brand-700 disabled:opacity-50">
            Create
          </button>
        </div>
      </form>
      <div className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
        <label htmlFor="import-gpx" className="font-semibold text-ink">
          Import a GPX file
        </label>
        <p className="text-sm text-slate-600">Its waypoints (or route points) become the stops, in order.</p>
        <input
          id="import-gpx"
          type="file"
          accept=".gpx,application/gpx+xml,application/xml,text/xml"
          disabled={busy}
          data-testid="import-gpx"
          onChange={async (e) => {
            const input = e.currentTarget;
            const file = e.target.files?.[0];
            e.target.value = '';
            if (!file) return;
            const text = await file.text();
            // The file's name, fit for a trip name (the import refuses a ?name= a rename would refuse).
            const fallback = file.name.replace(/\.gpx$/i, '').replace(/\p{Cc}/gu, ' ').slice(0, MAX_TRIP_NAME);
            void open(() => tripRequest<TripView>(`/api/trips/import?name=${encodeURIComponent(fallback)}`, 'POST', text, 'application/gpx+xml'), input);
          }}
          className="mt-2 block w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-1.5 file:font-medium file:text-brand-700 hover:file:bg-brand-100"
        />
      </div>
      {error ? (
        <p role="alert" data-testid="new-trip-error" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800 sm:col-span-2">
          {error}
        </p>
      ) : null}
    </div>
  );
}
