import { queryOptions } from '@tanstack/react-query';
import { fetchJson } from '../fetch-json';
import type { PlaceLists } from '../types';
import type { PlacesAccount } from './account-query';

export function listsQuery(account: PlacesAccount) {
  return queryOptions({
    queryKey: ['places', account, 'lists'],
    queryFn: ({ signal }) => fetchJson<PlaceLists>('/api/places/lists', signal),
    staleTime: 10 * 60_000,
  });
}
