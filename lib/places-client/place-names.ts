import 'server-only';
import type { PlacesByIdsResponse } from '@/lib/places/contract/schemas';
import { MAX_LIMIT } from '@/lib/places/contract/limits';
import { placesGet } from './client';
import type { PlacesCredentials } from './credentials';

/** The names of places by id, read in batches of the API's page size; a place gone or outside the account is left out. */
export async function placeNamesByIds(ids: readonly number[], credentials: PlacesCredentials | null): Promise<Map<number, string>> {
  const unique = [...new Set(ids)];
  const names = new Map<number, string>();
  for (let i = 0; i < unique.length; i += MAX_LIMIT) {
    const batch = unique.slice(i, i + MAX_LIMIT);
    const { data } = await placesGet<PlacesByIdsResponse>(`canonical_places?ids=${batch.join(',')}`, credentials);
    data.forEach((place, n) => {
      if (place) names.set(batch[n], place.name);
    });
  }
  return names;
}
