import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { fetchJson } from '../fetch-json';
import type { ClusterResponse } from '../types';
import type { PlacesAccount } from './account-query';

/** Where every match of the search is in the map's view; the previous answer stays drawn while the next loads. */
export function clustersQuery(params: URLSearchParams | null, account: PlacesAccount) {
  const query = params?.toString() ?? '';
  return queryOptions({
    queryKey: ['places', account, 'clusters', query],
    queryFn: ({ signal }) => fetchJson<ClusterResponse>(`/api/places/clusters?${query}`, signal),
    enabled: params !== null,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}
