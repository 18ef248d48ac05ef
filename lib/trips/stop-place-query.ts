import { fetchJson } from '@/lib/explorer/fetch-json';
import type { Place } from '@/lib/explorer/types';

/** A place stop's details from the Place API, read once for the stop's warnings and where it is. */
export function stopPlaceQuery(placeId: number | null) {
  return {
    queryKey: ['trip-stop-place', placeId],
    queryFn: ({ signal }: { signal: AbortSignal }) => fetchJson<{ data: Place }>(`/api/places/${placeId}`, signal).then((r) => r.data),
    staleTime: 10 * 60_000,
  };
}
