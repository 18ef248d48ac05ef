'use client';

import { hydrate, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { KeptTrip } from '@/lib/offline/device-db';
import { keptTrip } from '@/lib/offline/kept-trips';
import { TripPlanner } from '@/components/trips/trip-planner';
import { DeviceTrips } from './kept-trips-list';
import { useKeptTrips } from './use-kept-trips';

/** A kept trip's page with no connection: the trip as kept (and edited here since), its places' answers restored. */
export function KeptTripPage({ tripId, styleUrl, appUrl }: { tripId: string; styleUrl: string | null; appUrl: string }) {
  const queryClient = useQueryClient();
  const [kept, setKept] = useState<KeptTrip | null | undefined>(undefined);
  const others = useKeptTrips(null);
  useEffect(() => {
    void keptTrip(tripId, null)
      .then((record) => {
        if (record) hydrate(queryClient, record.queries);
        setKept(record);
      })
      .catch(() => setKept(null));
  }, [tripId, queryClient]);
  if (kept === undefined) return <p className="p-4 text-slate-600">Opening the copy kept on this device…</p>;
  if (kept === null) {
    return (
      <div className="mx-auto w-full max-w-3xl px-4 py-8" data-testid="not-kept">
        <h1 className="text-2xl font-semibold tracking-tight text-ink">This trip is not on this device</h1>
        <p className="mt-1 text-slate-700">You are offline, and this trip was not kept offline. It opens again when you are back online.</p>
        <h2 className="mt-6 text-lg font-semibold text-ink">Kept on this device</h2>
        <DeviceTrips trips={others.trips} onRemove={(id) => void others.remove(id)} emptyText="No trips are kept on this device." />
      </div>
    );
  }
  // The imported map's style when its tiles along the route were kept with the trip (the service worker answers them).
  return <TripPlanner initial={kept.view} styleUrl={kept.map?.styleUrl ?? styleUrl} appUrl={appUrl} organizations={[]} deviceOwner={kept.owner} />;
}
