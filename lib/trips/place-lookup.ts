import 'server-only';
import type { Place } from '@/lib/explorer/types';
import { PlacesApiError, placesGet } from '@/lib/places-client/client';
import type { PlacesCredentials } from '@/lib/places-client/credentials';
import type { PlaceLookup } from './stops';

/** Place stops are checked against the Place API through the signed client, with the caller's own credentials. */
export function placeLookup(credentials: PlacesCredentials | null): PlaceLookup {
  return async (placeId) => {
    try {
      const { data } = await placesGet<{ data: Place }>(`canonical_places/${placeId}`, credentials);
      const at = data.locations?.[0];
      return at ? { name: data.name, lon: at.longitude, lat: at.latitude } : null;
    } catch (err) {
      if (err instanceof PlacesApiError && err.status === 404) return null;
      throw err;
    }
  };
}
