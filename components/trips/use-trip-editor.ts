'use client';

import { useCallback, useRef, useState } from 'react';
import { TripConflictError, patchTrip } from '@/lib/trips/client-api';
import type { StopInput, TripStop } from '@/lib/trips/model';
import { toStopInputClient } from '@/lib/trips/stop-input';
import type { TripView } from '@/lib/trips/view';

export interface TripChange {
  name?: string;
  stops?: StopInput[];
}

/** Applies a change to the stops already known, so a reorder or an edit shows at once (legs follow the server). */
function optimistic(view: TripView, change: TripChange): TripView {
  if (!change.stops) return change.name ? { ...view, trip: { ...view.trip, name: change.name } } : view;
  const byId = new Map(view.trip.stops.map((s) => [s.id, s]));
  const stops: TripStop[] = [];
  for (const input of change.stops) {
    const known = input.id ? byId.get(input.id) : undefined;
    if (!known) return { ...view, trip: { ...view.trip, name: change.name ?? view.trip.name } };
    stops.push({ ...known, arrivalDate: input.arrivalDate ?? null, nights: input.nights ?? 0, note: input.note ?? '' });
  }
  return { ...view, trip: { ...view.trip, name: change.name ?? view.trip.name, stops } };
}

/**
 * The trip being edited: every change is saved on the server, one at a time, on the version last seen. A save the
 * server refuses as stale (changed in another tab, or by a teammate) loads the fresh trip and says so.
 */
export function useTripEditor(initial: TripView) {
  const [view, setView] = useState(initial);
  const [saving, setSaving] = useState(false);
  const [conflict, setConflict] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const latest = useRef(initial);
  const queue = useRef<Promise<unknown>>(Promise.resolve());

  const replace = useCallback((next: TripView) => {
    latest.current = next;
    setView(next);
  }, []);

  const save = useCallback(
    (change: TripChange | ((stops: StopInput[]) => TripChange)) => {
      const run = async () => {
        const resolved = typeof change === 'function' ? change(latest.current.trip.stops.map(toStopInputClient)) : change;
        setSaving(true);
        setError(null);
        setView(optimistic(latest.current, resolved));
        try {
          replace(await patchTrip(latest.current.trip.id, { version: latest.current.trip.version, ...resolved }));
          setConflict(false);
        } catch (err) {
          if (err instanceof TripConflictError) {
            replace(err.fresh);
            setConflict(true);
          } else {
            setView(latest.current);
            setError((err as Error).message);
          }
        } finally {
          setSaving(false);
        }
      };
      queue.current = queue.current.then(run, run);
      return queue.current;
    },
    [replace],
  );

  return { view, replace, save, saving, conflict, dismissConflict: () => setConflict(false), error, dismissError: () => setError(null) };
}
