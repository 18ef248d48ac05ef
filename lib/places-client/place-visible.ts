import 'server-only';
import { HttpError } from '@/lib/http/http-error';
import { placesGet, PlacesApiError } from './client';
import { type PlacesCredentials, resolvePlacesCredentials } from './credentials';

/** A place id of an Explorer path (`/api/places/<id>/...`): a positive integer, or a 400 naming `id`. */
export function placeIdParam(raw: string): number {
  if (!/^[1-9]\d{0,14}$/.test(raw)) throw new HttpError(400, 'invalid_parameter', 'id: a place id is a positive integer', { parameter: 'id' });
  return Number(raw);
}

/**
 * The place must be one the caller's Place API account sees: otherwise the API's own refusal (a 404 for a place
 * outside it, as for none at all) is the answer.
 */
export async function requireVisiblePlace(placeId: number, request: Pick<Request, 'headers'>): Promise<void> {
  await placesGet(`canonical_places/${placeId}`, await resolvePlacesCredentials({ headers: request.headers }));
}

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
