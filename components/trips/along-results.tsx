'use client';

import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { ErrorMessage } from '@/components/ui/error-message';
import type { PlaceListItem, ListSearchResponse } from '@/lib/explorer/types';
import { insertIndexForOffset } from '@/lib/trips/along-route';
import { formatKilometers } from '@/lib/trips/format';
import type { TripStop } from '@/lib/trips/model';
import { localityOf } from '@/lib/explorer/locality';

interface Props {
  stops: TripStop[];
  km: number;
  query: UseInfiniteQueryResult<InfiniteData<ListSearchResponse>>;
  places: PlaceListItem[];
  onAdd: (placeId: number, atIndex: number) => void;
}

/** The places found along the trip, in route order, each addable between the stops it falls between. */
export function AlongResults({ stops, km, query, places, onAdd }: Props) {
  const total = query.data?.pages[0]?.meta.total;
  const onTrip = new Set(stops.map((s) => s.placeId));
  return (
    <div className="mt-3" data-testid="along-results">
      {query.isError ? <ErrorMessage error={query.error} title="The search along the route failed" onRetry={() => void query.refetch()} /> : null}
      {query.isPending && !query.isError ? <div className="h-16 animate-pulse rounded bg-slate-100" aria-label="Searching along the route" /> : null}
      <p role="status" className="font-medium text-ink" data-testid="along-total">
        {total === undefined ? '' : `${total.toLocaleString('en-US')} ${total === 1 ? 'place' : 'places'} within ${km} km of your route`}
      </p>
      <ol className="mt-2 flex flex-col gap-1.5">
        {places.map((p) => {
          const offset = p.route_offset ?? 0;
          const at = insertIndexForOffset(stops, offset);
          const after = stops[at - 1]?.name ?? '';
          const where = localityOf(p.locations?.[0]);
          return (
            // The button goes under the place when both do not fit: a stop's name can be long, and the place's must stay readable.
            <li key={p.id} className="flex flex-wrap items-center gap-x-2 gap-y-1 rounded-lg bg-slate-50 p-2" data-testid="along-result" data-place-id={p.id}>
              <div className="min-w-[min(100%,14rem)] flex-1">
                <p className="truncate font-medium text-ink">{p.name}</p>
                <p className="text-slate-600">
                  {offset >= 1 ? `${formatKilometers(offset)} along` : 'At the start'} · {formatKilometers(p.route_distance ?? 0)} from the route
                  {where ? ` · ${where}` : ''}
                </p>
              </div>
              {onTrip.has(p.id) ? (
                <span className="shrink-0 px-2 py-1 text-slate-600">On the trip</span>
              ) : (
                <button
                  type="button"
                  onClick={() => onAdd(p.id, at)}
                  aria-label={`Add after ${after}: ${p.name}`}
                  className="flex min-w-0 max-w-full rounded-md px-2 py-1 font-medium text-brand-700 hover:bg-brand-50"
                >
                  <span className="truncate">Add after {after}</span>
                </button>
              )}
            </li>
          );
        })}
      </ol>
      {query.hasNextPage ? (
        <button
          type="button"
          onClick={() => void query.fetchNextPage()}
          disabled={query.isFetchingNextPage}
          className="mt-2 rounded-md border border-slate-300 px-3 py-1.5 font-medium text-ink hover:bg-slate-100 disabled:opacity-50"
        >
          {query.isFetchingNextPage ? 'Loading…' : 'Show more'}
        </button>
      ) : null}
    </div>
  );
}
