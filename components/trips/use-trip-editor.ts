'use client';

import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import { ExplorerApiError } from '@/lib/explorer/fetch-json';
import { TripConflictError, getTrip, patchTrip } from '@/lib/trips/client-api';
import type { StopInput } from '@/lib/trips/model';
import { optimistic, type TripChange } from '@/lib/trips/optimistic-view';
import { toStopInputClient } from '@/lib/trips/stop-input';
import type { TripView } from '@/lib/trips/view';

/**
 * The page's data can be older than the trip: Back and Forward restore the page as it was first rendered (Next's
 * router and the browser's page cache), and another tab may have saved since. An editor reads the trip once more
 * when the page shows, in the save queue, so a later save starts on the current version.
 */
function useReadOnShow(editable: boolean, latest: RefObject<TripView>, replace: (view: TripView) => void, run: (task: () => Promise<void>) => Promise<unknown>) {
  useEffect(() => {
    if (!editable) return;
    const refresh = async () => {
      const fresh = await getTrip(latest.current.trip.id).catch(() => null);
      if (fresh && fresh.trip.version > latest.current.trip.version) replace(fresh);
    };
    const onShow = () => void run(refresh);
    onShow();
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) onShow();
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, [editable, latest, replace, run]);
}

/** Where a trip kept on the device puts the edits made with no connection (`useDeviceTrip`). */
export interface DeviceEdits {
  /** Whether edits already wait on the device: a new one waits behind them, so they reach the server in order. */
  waiting: () => boolean;
  queue: (change: TripChange, baseVersion: number, shown: TripView) => Promise<void>;
}

/**
 * The trip being edited: every change is saved on the server, one at a time, on the version last seen. A save the
 * server refuses as stale (changed in another tab, or by a teammate) loads the fresh trip and says so. With no
 * connection, a trip kept on the device keeps the edit there (`device`) and shows it as made.
 */
export function useTripEditor(initial: TripView, device?: DeviceEdits) {
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
        const shown = optimistic(latest.current, resolved);
        setView(shown);
        const keepOnDevice = async (queue: DeviceEdits['queue']) => {
          try {
            await queue(resolved, latest.current.trip.version, shown);
            replace(shown);
          } catch (err) {
            setView(latest.current);
            setError(`This edit could not be kept on this device: ${(err as Error).message}`);
          }
        };
        try {
          if (device?.waiting()) return await keepOnDevice(device.queue);
          replace(await patchTrip(latest.current.trip.id, { version: latest.current.trip.version, ...resolved }));
          setConflict(false);
        } catch (err) {
          if (err instanceof TripConflictError) {
            replace(err.fresh);
            setConflict(true);
          } else if (device && err instanceof ExplorerApiError && err.status === 0) {
            await keepOnDevice(device.queue);
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
    [replace, device],
  );

  /** Runs a task in the save queue: after the saves before it, before those after it. */
  const run = useCallback((task: () => Promise<void>) => {
    queue.current = queue.current.then(task, task);
    return queue.current;
  }, []);

  useReadOnShow(initial.access.edit, latest, replace, run);

  return { view, replace, save, run, saving, conflict, dismissConflict: () => setConflict(false), error, dismissError: () => setError(null) };
}
