'use client';

import { useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import type { ListSearchResponse, PlaceListItem } from '@/lib/explorer/types';
import { NeedsConnection } from './needs-connection';

/** The "find along" results the page last showed (kept with the trip), read-only while there is no connection. */
export function OfflineAlongResults({ onOpen, onResults }: { onOpen: (placeId: number) => void; onResults: (places: PlaceListItem[]) => void }) {
  const queryClient = useQueryClient();
  const last = useMemo(() => {
    const queries = queryClient.getQueryCache().findAll({ predicate: (q) => q.queryKey[0] === 'places' && q.queryKey[2] === 'along' && q.state.status === 'success' });
    return queries.sort((a, b) => b.state.dataUpdatedAt - a.state.dataUpdatedAt)[0] ?? null;
  }, [queryClient]);
  const places = useMemo(() => (last?.state.data as InfiniteData<ListSearchResponse> | undefined)?.pages.flatMap((p) => p.data) ?? [], [last]);
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
          <p className="mt-3 font-medium text-ink">The places last found along the trip, {new Date(last!.state.dataUpdatedAt).toLocaleString()}:</p>
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
