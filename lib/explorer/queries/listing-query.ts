import { type QueryClient, queryOptions } from '@tanstack/react-query';
import type { ListingEditRecord, ListingView } from '../listing-api';
import { fetchJson } from '../fetch-json';
import { isPlaceDetailKey } from './place-query';

export const listingKey = (placeId: number) => ['place-listing', placeId] as const;
export const listingHistoryKey = (placeId: number) => ['place-listing-history', placeId] as const;

/** A place's owner and owned fields, with what the reader may do (claim, edit). */
export function placeListingQuery(placeId: number) {
  return queryOptions({
    queryKey: listingKey(placeId),
    queryFn: ({ signal }) => fetchJson<{ data: ListingView }>(`/api/places/${placeId}/listing`, signal).then((r) => r.data),
    staleTime: 30_000,
  });
}

/** The listing's edits, the newest first (the owning organization's administrators). */
export function listingHistoryQuery(placeId: number) {
  return queryOptions({
    queryKey: listingHistoryKey(placeId),
    queryFn: ({ signal }) => fetchJson<{ data: ListingEditRecord[] }>(`/api/places/${placeId}/listing/history`, signal).then((r) => r.data),
  });
}

/** After an owner's change (`view`: the listing as the change left it): the listing, its history, and the place's details for every account. */
export function refreshPlaceListing(queryClient: QueryClient, placeId: number, view?: ListingView): void {
  if (view) queryClient.setQueryData(listingKey(placeId), view);
  else void queryClient.invalidateQueries({ queryKey: listingKey(placeId) });
  void queryClient.invalidateQueries({ queryKey: listingHistoryKey(placeId) });
  void queryClient.invalidateQueries({ predicate: (q) => isPlaceDetailKey(q.queryKey, placeId) });
}
