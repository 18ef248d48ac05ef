import { appendFilterParams, type SearchFilters } from '@/lib/explorer/search-request';
import polyline from '@mapbox/polyline';
import type { RouteLine } from './route-line';

/** The widest corridor the Place API's route search takes (route_buffer, 50 km). */
export const MAX_CORRIDOR_KM = 50;
export const ALONG_PAGE_SIZE = 20;

/** The route as the Place API reads it: an encoded polyline (precision 5, latitude first). */
export function encodeRoute(line: Pick<RouteLine, 'points'>): string {
  return polyline.encode(line.points.map(([lon, lat]) => [lat, lon]));
}

/** The /api/places/search query for places within `corridorKm` of the trip's line (routeLine), ordered along it. */
export function alongSearchParams(line: Pick<RouteLine, 'points'>, corridorKm: number, filters: SearchFilters, offset = 0): URLSearchParams {
  const p = new URLSearchParams();
  p.set('route', encodeRoute(line));
  p.set('route_buffer', String(Math.round(corridorKm * 1000)));
  appendFilterParams(p, filters);
  p.set('sort', 'route');
  p.set('limit', String(ALONG_PAGE_SIZE));
  p.set('offset', String(offset));
  p.sort();
  return p;
}
