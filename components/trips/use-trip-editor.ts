'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import { TripConflictError, getTrip, patchTrip } from '@/lib/trips/client-api';
import type { StopInput } from '@/lib/trips/model';
import { optimistic, type TripChange } from '@/lib/trips/optimistic-view';
import { toStopInputClient } from '@/lib/trips/stop-input';
import type { TripView } from '@/lib/trips/view';

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

  // The page's data can be older than the trip: Back and Forward restore the page as it was first rendered (Next's
  // router and the browser's page cache), and another tab may have saved since. An editor reads the trip once more
  // when the page shows, in the save queue, so a later save starts on the current version.
  const editable = initial.access.edit;
  useEffect(() => {
    if (!editable) return;
    const refresh = async () => {
      const fresh = await getTrip(latest.current.trip.id).catch(() => null);
      if (fresh && fresh.trip.version > latest.current.trip.version) replace(fresh);
    };
    const onShow = () => {
      queue.current = queue.current.then(refresh, refresh);
    };
    onShow();
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) onShow();
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, [editable, replace]);

  return { view, replace, save, saving, conflict, dismissConflict: () => setConflict(false), error, dismissError: () => setError(null) };
}
