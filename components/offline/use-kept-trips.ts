'use client';

import { useCallback, useEffect, useState } from 'react';
import { deviceStorageAvailable, type KeptTrip } from '@/lib/offline/device-db';
import { claimDevice } from '@/lib/offline/device-owner';
import { keptTrips, removeKeptTrip } from '@/lib/offline/kept-trips';

/**
 * The trips kept on this device (null while reading). `owner`: the signed-in person's key, or null offline, where
 * the device's trips are those of the last person signed in on it (another person's sign-in clears them).
 */
export function useKeptTrips(owner: string | null) {
  const [trips, setTrips] = useState<KeptTrip[] | null>(null);
  const [changes, setChanges] = useState(0);
  useEffect(() => {
    if (!deviceStorageAvailable()) return;
    let live = true;
    const read = async () => {
      if (owner && navigator.onLine) await claimDevice(owner);
      return keptTrips(owner);
    };
    read().then(
      (kept) => live && setTrips(kept),
      () => live && setTrips([]),
    );
    return () => {
      live = false;
    };
  }, [owner, changes]);
  const remove = useCallback((tripId: string) => removeKeptTrip(tripId).then(() => setChanges((n) => n + 1)), []);
  return { trips, remove };
}
