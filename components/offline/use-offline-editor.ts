'use client';

import { useEffect } from 'react';
import type { TripView } from '@/lib/trips/view';
import { useTripEditor } from '@/components/trips/use-trip-editor';
import { useDeviceTrip } from './use-device-trip';
import { useOutboxSync } from './use-outbox-sync';

/**
 * The trip editor with the device beside it: the trip kept offline follows what the page shows, edits made with no
 * connection wait on the device, and are sent when it returns. `owner` null: nothing is kept (a shared view).
 */
export function useOfflineEditor(initial: TripView, owner: string | null) {
  const device = useDeviceTrip(initial.trip.id, owner);
  const editor = useTripEditor(initial, device.edits);
  const sync = useOutboxSync(device, editor);
  const { follow } = device;
  useEffect(() => {
    void follow(editor.view);
  }, [follow, editor.view]);
  return { device, editor, sync };
}
