import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { fetchJson } from '../fetch-json';
import type { ListSearchResponse } from '../types';
import type { PlacesAccount } from './account-query';

/** Keyed by the account and the exact request query, so a prefetch and the list share one cache entry. */
export function searchQuery(params: URLSearchParams | null, account: PlacesAccount) {
  const query = params?.toString() ?? '';
  return queryOptions({
    queryKey: ['places', account, 'search', query],
    queryFn: ({ signal }) => fetchJson<ListSearchResponse>(`/api/places/search?${query}`, signal),
    enabled: params !== null,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}
