'use client';

import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import type { PlaceListItem } from '@/lib/explorer/types';
import { LocalTime } from '@/components/ui/local-time';
import { lastAlongResults } from '@/lib/offline/last-along';
import { NeedsConnection } from './needs-connection';

/** The "find along" results the page last showed (kept with the trip), read-only while there is no connection. */
export function OfflineAlongResults({ onOpen, onResults }: { onOpen: (placeId: number) => void; onResults: (places: PlaceListItem[]) => void }) {
  const queryClient = useQueryClient();
  const last = useMemo(() => lastAlongResults(queryClient), [queryClient]);
  const places = useMemo(() => last?.places ?? [], [last]);
  useEffect(() => onResults(places), [places, onResults]);
  return (
    <section aria-labelledby="along-offline-heading" className="rounded-xl border border-slate-200 p-3 text-sm" data-testid="along-offline">
      <h2 id="along-offline-heading" className="font-semibold text-ink">
        Find along this trip
      </h2>
      <div className="mt-2">
        <NeedsConnection what="A new search along the trip" />
      </div>
      {places.length > 0 ? (
        <>
          <p className="mt-3 font-medium text-ink">The places last found along the trip, <LocalTime iso={new Date(last!.at).toISOString()} />:</p>
          <ol className="mt-1 flex flex-col gap-1">
            {places.map((p) => (
              <li key={p.id}>
                <button type="button" className="text-left text-brand-700 underline focus-visible:outline-2 focus-visible:outline-brand-600" onClick={() => onOpen(p.id)}>
                  {p.name}
                </button>
              </li>
            ))}
          </ol>
        </>
      ) : null}
    </section>
  );
}
