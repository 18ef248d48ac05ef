'use client';

import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { deviceStorageAvailable, type KeptTrip } from '@/lib/offline/device-db';
import { claimDevice } from '@/lib/offline/device-owner';
import type { KeptMapPlan } from '@/lib/offline/kept-map';
import { keepTrip, keptTrip, removeKeptTrip, updateKeptView } from '@/lib/offline/kept-trips';
import { queueEdit, queuedEdits } from '@/lib/offline/outbox';
import { storageMessage } from '@/lib/offline/storage-message';
import type { TripView } from '@/lib/trips/view';
import type { DeviceEdits } from '@/components/trips/use-trip-editor';
import { useBrowserValue } from '@/components/ui/use-browser-value';

export type KeepState = { kind: 'idle' } | { kind: 'keeping' } | { kind: 'failed'; message: string };

/**
 * This trip on the device: whether it is kept (and how big, since when), keeping, updating and removing it, and the
 * edits made here with no connection (`edits`, for useTripEditor). `owner` is null where nothing may be kept (a
 * shared view, a visitor).
 */
export function useDeviceTrip(tripId: string, owner: string | null) {
  const queryClient = useQueryClient();
  const [kept, setKept] = useState<KeptTrip | null>(null);
  const [pending, setPending] = useState(0);
  const [state, setState] = useState<KeepState>({ kind: 'idle' });
  const pendingNow = useRef(0);
  const keptNow = useRef<KeptTrip | null>(null);
  const enabled = useBrowserValue(deviceStorageAvailable, false) && owner !== null;

  const countPending = useCallback(async () => {
    const n = (await queuedEdits(tripId)).length;
    pendingNow.current = n;
    setPending(n);
  }, [tripId]);

  const show = useCallback((record: KeptTrip | null) => {
    keptNow.current = record;
    setKept(record);
  }, []);

  useEffect(() => {
    if (!enabled) return;
    void (async () => {
      if (navigator.onLine) await claimDevice(owner);
      show(await keptTrip(tripId, owner));
      await countPending();
    })().catch(() => show(null));
  }, [enabled, owner, tripId, show, countPending]);

  const keep = useCallback(
    async (view: TripView, map: { styleUrl: string; plan: KeptMapPlan } | null = null) => {
      if (!owner) return;
      setState({ kind: 'keeping' });
      try {
        await claimDevice(owner);
        show(await keepTrip(view, owner, queryClient, map));
        setState({ kind: 'idle' });
      } catch (err) {
        setState({ kind: 'failed', message: storageMessage(err) });
      }
    },
    [owner, queryClient, show],
  );

  const remove = useCallback(async () => {
    await removeKeptTrip(tripId);
    show(null);
  }, [tripId, show]);

  /** The kept copy follows the page: the server's newer version, or an edit made here. */
  const follow = useCallback(async (view: TripView) => {
    if (keptNow.current && keptNow.current.view !== view) {
      await updateKeptView(view);
      keptNow.current = { ...keptNow.current, view };
    }
  }, []);

  const edits = useMemo<DeviceEdits | undefined>(
    () =>
      enabled
        ? {
            waiting: () => pendingNow.current > 0,
            queue: async (change, baseVersion, shown) => {
              if (!keptNow.current) throw new Error('this trip is not kept offline. Press “Keep offline” while you have a connection.');
              await queueEdit({ tripId, owner, baseVersion, change });
              await updateKeptView(shown);
              await countPending();
            },
          }
        : undefined,
    [enabled, owner, tripId, countPending],
  );

  return { enabled, kept, pending, countPending, state, keep, remove, follow, edits };
}

export type DeviceTrip = ReturnType<typeof useDeviceTrip>;
