import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { words } from '@/lib/gazetteer/names';
import { fetchJson } from '../fetch-json';
import type { PlaceListItem, ListSearchResponse } from '../types';
import type { PlacesAccount } from './account-query';

/** The Place API looks a name up over the whole dataset only with a word this long (its own rule). */
const MIN_WORD = 3;
export const PLACE_SUGGESTIONS = 4;

export const canLookUpPlaces = (text: string) => words(text).some((w) => w.length >= MIN_WORD);

/** The dataset's places whose names start with the words typed, best first (the "Go to" box), as the account sees them. */
export function placeNamesQuery(text: string, account: PlacesAccount) {
  const name = words(text).join(' ');
  const query = new URLSearchParams({ name, sort: 'relevance', limit: String(PLACE_SUGGESTIONS) }).toString();
  return queryOptions({
    queryKey: ['places', account, 'names', name],
    queryFn: ({ signal }) => fetchJson<ListSearchResponse>(`/api/places/search?${query}`, signal),
    select: (response): PlaceListItem[] => response.data,
    enabled: canLookUpPlaces(text),
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
    // A name too common to look up over the whole dataset is a 400: the gazetteer's names are then all there is.
    retry: false,
  });
}
