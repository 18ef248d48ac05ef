import { queryOptions } from '@tanstack/react-query';
import { fetchJson } from '../fetch-json';
import type { Place } from '../types';

export function placeQuery(id: number | null) {
  return queryOptions({
    queryKey: ['places', 'detail', id],
    queryFn: ({ signal }) => fetchJson<{ data: Place }>(`/api/places/${id}`, signal).then((r) => r.data),
    enabled: id !== null,
    staleTime: 5 * 60_000,
  });
}
