'use client';

import { KeptTripsList } from './kept-trips-list';
import { useKeptTrips } from './use-kept-trips';

/** My trips' "Kept on this device": the trips kept offline, shown once there is one. */
export function KeptTripsSection({ owner }: { owner: string }) {
  const { trips, remove } = useKeptTrips(owner);
  if (!trips?.length) return null;
  return (
    <section aria-labelledby="trips-device" className="mt-8" data-testid="kept-trips-section">
      <h2 id="trips-device" className="text-lg font-semibold text-ink">
        Kept on this device
      </h2>
      <p className="text-sm text-slate-600">These trips open with no connection. Signing out removes them from this device.</p>
      <KeptTripsList trips={trips} onRemove={(id) => void remove(id)} />
    </section>
  );
}
