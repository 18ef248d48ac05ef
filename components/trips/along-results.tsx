'use client';

import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { ErrorMessage } from '@/components/ui/error-message';
import { PlaceIcon } from '@/components/ui/place-icon';
import type { PlaceListItem, ListSearchResponse } from '@/lib/explorer/types';
import type { Units } from '@/lib/explorer/geo';
import { formatCorridor } from '@/lib/trips/corridor';
import { formatDistance } from '@/lib/trips/format';
import type { TripStop } from '@/lib/trips/model';
import type { RouteLine } from '@/lib/trips/route-line';
import { localityOf } from '@/lib/explorer/locality';
import { AlongPlaceAction } from './along-place-action';

interface Props {
  stops: TripStop[];
  line: RouteLine;
  /** The corridor's width, in `units`. */
  width: number;
  units: Units;
  query: UseInfiniteQueryResult<InfiniteData<ListSearchResponse>>;
  places: PlaceListItem[];
  onAdd?: (placeId: number, atIndex: number) => void;
  /** Opens a place's details (its drawer). */
  onOpen: (placeId: number) => void;
}

/** The places found along the trip, in route order, each addable between the stops it falls between (where the trip may be edited). */
export function AlongResults({ stops, line, width, units, query, places, onAdd, onOpen }: Props) {
  const total = query.data?.pages[0]?.meta.total;
  return (
    <div className="mt-3" data-testid="along-results">
      {query.isError ? <ErrorMessage error={query.error} title="The search along the route failed" onRetry={() => void query.refetch()} /> : null}
      {query.isPending && !query.isError ? <div className="h-16 animate-pulse rounded bg-slate-100" aria-label="Searching along the route" /> : null}
      <p role="status" className="font-medium text-ink" data-testid="along-total">
        {total === undefined ? '' : `${total.toLocaleString('en-US')} ${total === 1 ? 'place' : 'places'} within ${formatCorridor(width, units)} of your route`}
      </p>
      <ol className="mt-2 flex flex-col gap-1.5">
        {places.map((p) => {
          const offset = p.route_offset ?? 0;
          const where = localityOf(p.locations?.[0]);
          return (
            // The button goes under the place when both do not fit: a stop's name can be long, and the place's must stay readable.
            <li key={p.id} className="flex flex-wrap items-center gap-x-2 gap-y-1 rounded-lg bg-slate-50 p-2" data-testid="along-result" data-place-id={p.id}>
              <div className="min-w-[min(100%,14rem)] flex-1">
                <button
                  type="button"
                  onClick={() => onOpen(p.id)}
                  title="Open the place’s details"
                  data-testid="along-name"
                  className="block w-full truncate text-left font-medium text-ink underline decoration-slate-300 underline-offset-2 hover:text-brand-700 hover:decoration-brand-600"
                >
                  {p.name}
                </button>
                {/* What it is (a dump station or a dealer) and where: the place's own line, as in the Explorer's list. */}
                <p className="flex items-center gap-1.5 text-slate-700" data-testid="along-what">
                  <PlaceIcon icon={p.icon} size="sm" />
                  <span className="min-w-0 truncate">{p.subtitle || where}</span>
                </p>
                <p className="text-slate-600">
                  {offset >= 1 ? `${formatDistance(offset, units)} along` : 'At the start'} · {formatDistance(p.route_distance ?? 0, units)} from the route
                </p>
              </div>
              {onAdd ? <AlongPlaceAction place={p} stops={stops} line={line} onAdd={onAdd} /> : null}
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
