import 'server-only';
import { searchSchema, toPlacesQuery } from '@/lib/explorer/search-schema';
import type { ListSearchResponse, SearchResponse } from '@/lib/explorer/types';
import { placeListItemSchema } from '@/lib/places/contract';
import { placesGet } from './client';
import type { PlacesCredentials } from './credentials';
import { queryRecord, refused } from './query-input';

const LIST_FIELDS = Object.keys(placeListItemSchema.shape) as (keyof ListSearchResponse['data'][number])[];

/** Each result with only the fields the Explorer's lists and map read (the drawer reads details). */
export function toListResponse(response: SearchResponse): ListSearchResponse {
  const data = response.data.map((place) => {
    const item: Record<string, unknown> = {};
    for (const field of LIST_FIELDS) if (place[field] !== undefined) item[field] = place[field];
    return item as ListSearchResponse['data'][number];
  });
  return { data, meta: response.meta };
}

/** Validates a search as the browser sent it and asks the Place API, signed, in a fixed parameter order. */
export async function searchPlaces(query: URLSearchParams, credentials: PlacesCredentials | null): Promise<ListSearchResponse> {
  const parsed = searchSchema.safeParse(queryRecord(query));
  if (!parsed.success) throw refused(parsed.error);
  return toListResponse(await placesGet<SearchResponse>(`search?${toPlacesQuery(parsed.data)}`, credentials));
}
