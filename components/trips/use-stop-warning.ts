'use client';

import { useQuery } from '@tanstack/react-query';
import { fetchJson } from '@/lib/explorer/fetch-json';
import type { Place } from '@/lib/explorer/types';
import { closureWarning } from '@/lib/trips/closure-warning';
import type { TripStop } from '@/lib/trips/model';

/** Whether a place stop will be closed on its arrival date, from the place's own hours and closures. */
export function useStopWarning(stop: TripStop): string | null {
  const enabled = stop.kind === 'place' && stop.placeId !== null && stop.arrivalDate !== null;
  const place = useQuery({
    queryKey: ['trip-stop-place', stop.placeId],
    queryFn: ({ signal }) => fetchJson<{ data: Place }>(`/api/places/${stop.placeId}`, signal).then((r) => r.data),
    enabled,
    staleTime: 10 * 60_000,
  });
  return enabled && place.data ? closureWarning(place.data, stop.arrivalDate) : null;
}
