import { appendFilterParams, type SearchFilters } from '@/lib/explorer/search-request';
import { encodeTripRoute } from './along-route';

/** The widest corridor the Place API's route search takes (route_buffer, 50 km). */
export const MAX_CORRIDOR_KM = 50;
export const ALONG_PAGE_SIZE = 20;

/** The /api/places/search query for places within `corridorKm` of the trip's stops in order, ordered along it. */
export function alongSearchParams(stops: { lon: number; lat: number }[], corridorKm: number, filters: SearchFilters, offset = 0): URLSearchParams {
  const p = new URLSearchParams();
  p.set('route', encodeTripRoute(stops));
  p.set('route_buffer', String(Math.round(corridorKm * 1000)));
  appendFilterParams(p, filters);
  p.set('sort', 'route');
  p.set('limit', String(ALONG_PAGE_SIZE));
  p.set('offset', String(offset));
  p.sort();
  return p;
}
