import { circleBounds, distanceMeters, MAX_RADIUS_M, round6, type Circle } from '@/lib/geo/sphere';
import type { GazetteerEntry, GazetteerKind } from './names';

/** Where "Go to" can take the map: a gazetteer name, or one of the dataset's places (whose drawer then opens). */
export interface Destination extends Omit<GazetteerEntry, 'kind'> {
  kind: GazetteerKind | 'place';
  placeId?: number;
}

/** A city's search circle: 50 km around it (a day's side trips), or the circle in use when it is at most 100 km. */
const CITY_RADIUS_M = 50_000;
const KEEP_RADIUS_UP_TO_M = 100_000;

export interface GoToTarget {
  circle: Circle;
  /** What the map frames: the region's bounds, or the new circle. */
  bounds: [[number, number], [number, number]];
}

/**
 * Where choosing a name takes the search: a circle around a city or a place; for a state or a country, the circle from its
 * label point that reaches its farthest corner (at most the API's 500 km), with the map framing the whole region.
 */
export function goToTarget(entry: Destination, current: Circle | null): GoToTarget {
  const center = { lon: round6(entry.lon), lat: round6(entry.lat) };
  if (entry.kind === 'city' || entry.kind === 'place' || !entry.bbox) {
    const radius = current && current.radius <= KEEP_RADIUS_UP_TO_M ? current.radius : CITY_RADIUS_M;
    const circle = { ...center, radius };
    return { circle, bounds: circleBounds(circle) };
  }
  const [west, south, east, north] = entry.bbox;
  const corners: [number, number][] = [[west, south], [west, north], [east, south], [east, north]];
  const reach = Math.max(...corners.map(([lon, lat]) => distanceMeters(center.lon, center.lat, lon, lat)));
  const circle = { ...center, radius: Math.min(MAX_RADIUS_M, Math.max(CITY_RADIUS_M, Math.round(reach))) };
  return { circle, bounds: [[west, south], [east, north]] };
}

