import 'server-only';
import { placesGet, PlacesApiError } from './client';
import type { PlacesCredentials } from './credentials';

/**
 * Whether the caller's Place API account sees a place: what travelers wrote about a place outside it is answered as
 * the place is, as none at all. Other refusals of the API (unavailable, not configured) are thrown.
 */
export function placeVisibleTo(credentials: PlacesCredentials | null): (placeId: number) => Promise<boolean> {
  return async (placeId) => {
    try {
      await placesGet(`canonical_places/${placeId}`, credentials);
      return true;
    } catch (err) {
      if (err instanceof PlacesApiError && err.status === 404) return false;
      throw err;
    }
  };
}
