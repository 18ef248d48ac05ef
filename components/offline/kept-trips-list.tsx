'use client';

import { LocalTime } from '@/components/ui/local-time';
import type { KeptTrip } from '@/lib/offline/device-db';
import { formatBytes } from '@/lib/offline/format';

/** The trips kept on this device, with their size and date, each removable. */
export function KeptTripsList({ trips, onRemove }: { trips: KeptTrip[]; onRemove: (tripId: string) => void }) {
  return (
    <ul className="mt-3 flex flex-col gap-2" data-testid="kept-trip-list">
      {trips.map((k) => (
        <li key={k.tripId} className="flex items-center gap-3 rounded-xl bg-white p-3 ring-1 ring-slate-200">
          <div className="min-w-0 flex-1">
            {/* A document navigation, not the client router's: with no connection its RSC fetch fails first, and the
                full navigation it then falls back to did not always come (a cold start offline, under load). The
                worker answers this one at once with the offline page of the trip. */}
            <a href={`/trips/${k.tripId}`} className="font-medium text-brand-700 underline">
              {k.view.trip.name}
            </a>
            <p className="text-sm text-slate-600">
              {k.view.trip.stops.length} stop{k.view.trip.stops.length === 1 ? '' : 's'} · {formatBytes(k.bytes)} · kept <LocalTime iso={k.keptAt} />
            </p>
          </div>
          <button
            type="button"
            className="rounded-lg px-2 py-1 text-sm text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-600"
            aria-label={`Remove ${k.view.trip.name} from this device`}
            onClick={() => onRemove(k.tripId)}
          >
            Remove
          </button>
        </li>
      ))}
    </ul>
  );
}

/** The device's kept trips, or a sentence when there are none. */
export function DeviceTrips({ trips, onRemove, emptyText }: { trips: KeptTrip[] | null; onRemove: (tripId: string) => void; emptyText: string }) {
  if (trips === null) return null;
  if (trips.length === 0) return <p className="mt-3 text-slate-600">{emptyText}</p>;
  return <KeptTripsList trips={trips} onRemove={onRemove} />;
}
