import 'server-only';
import { firstIssue } from '@/lib/explorer/schema-error';
import { searchSchema, toPlacesQuery } from '@/lib/explorer/search-schema';
import type { SearchResponse } from '@/lib/explorer/types';
import { PlacesApiError, placesGet } from './client';
import type { PlacesCredentials } from './credentials';

/** Validates a search as the browser sent it and asks the Place API, signed, in a fixed parameter order. */
export async function searchPlaces(query: URLSearchParams, credentials: PlacesCredentials | null): Promise<SearchResponse> {
  const parsed = searchSchema.safeParse(Object.fromEntries(query));
  if (!parsed.success) {
    const { message, parameter } = firstIssue(parsed.error);
    throw new PlacesApiError(400, 'invalid_parameter', message, parameter);
  }
  return placesGet<SearchResponse>(`search?${toPlacesQuery(parsed.data)}`, credentials);
}
