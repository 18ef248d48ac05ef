import 'server-only';
import type { PlacesByIdsResponse } from '@/lib/places/contract/schemas';
import { MAX_LIMIT } from '@/lib/places/contract/limits';
import { placesGet } from '@/lib/places-client/client';
import type { PlacesCredentials } from '@/lib/places-client/credentials';
import { localityOf } from '@/lib/explorer/locality';
import type { PlaceFacts, PlaceLookup } from './stops';

/**
 * Place stops are checked against the Place API through the signed client, with the caller's own credentials: the
 * new ids of a change in batched reads (`GET /api/v2/canonical_places?ids=`, up to MAX_LIMIT ids a request, one at a
 * time), so a trip of 200 new places costs the client's budget 2 requests, not 200.
 */
export function placeLookup(credentials: PlacesCredentials | null): PlaceLookup {
  return async (placeIds) => {
    const found = new Map<number, PlaceFacts>();
    for (let start = 0; start < placeIds.length; start += MAX_LIMIT) {
      const ids = placeIds.slice(start, start + MAX_LIMIT);
      const { data } = await placesGet<PlacesByIdsResponse>(`canonical_places?ids=${ids.join(',')}`, credentials);
      ids.forEach((id, i) => {
        const at = data[i]?.locations?.[0];
        if (at) found.set(id, { name: data[i]!.name, lon: at.longitude, lat: at.latitude, locality: localityOf(at) });
      });
    }
    return found;
  };
}
