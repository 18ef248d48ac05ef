import { queryOptions } from '@tanstack/react-query';
import { fetchJson } from '../fetch-json';
import type { PlaceLists } from '../types';

export function listsQuery() {
  return queryOptions({
    queryKey: ['places', 'lists'],
    queryFn: ({ signal }) => fetchJson<PlaceLists>('/api/places/lists', signal),
    staleTime: 10 * 60_000,
  });
}
