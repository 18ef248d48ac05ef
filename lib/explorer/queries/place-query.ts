import { queryOptions } from '@tanstack/react-query';
import { fetchJson } from '../fetch-json';
import type { Place } from '../types';
import type { PlacesAccount } from './account-query';

export function placeQuery(id: number | null, account: PlacesAccount) {
  return queryOptions({
    queryKey: ['places', account, 'detail', id],
    queryFn: ({ signal }) => fetchJson<{ data: Place }>(`/api/places/${id}`, signal).then((r) => r.data),
    enabled: id !== null,
    staleTime: 5 * 60_000,
  });
}

/** Whether a query key is this place's details, whichever account asked (placeQuery's key). */
export const isPlaceDetailKey = (key: readonly unknown[], id: number) => key[0] === 'places' && key[2] === 'detail' && key[3] === id;
