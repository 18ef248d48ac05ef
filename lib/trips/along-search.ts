import { appendFilterParams, type SearchFilters } from '@/lib/explorer/search-request';
import { encodeTripRoute } from './along-route';

export const MIN_CORRIDOR_KM = 1;
export const MAX_CORRIDOR_KM = 50;
export const DEFAULT_CORRIDOR_KM = 10;
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

export function validCorridorKm(value: string): boolean {
  const km = Number(value);
  return value.trim() !== '' && Number.isFinite(km) && km >= MIN_CORRIDOR_KM && km <= MAX_CORRIDOR_KM;
}
