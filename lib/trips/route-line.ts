import simplify from 'simplify-js';
import { wrapLon } from '@/lib/geo/sphere';
import { MAX_ROUTE_POINTS } from '@/lib/places/contract/limits';
import { greatCircleMeters } from './legs/great-circle';
import type { Leg, LonLat } from './legs/types';

type Point = { lon: number; lat: number };

/** The trip's line as the Place API's `route` reads it, and how far along it each stop is (meters). */
export interface RouteLine {
  points: LonLat[];
  stopOffsets: number[];
}

/** Well under the API's 1,000 points, so the request line stays short. */
export const MAX_LINE_POINTS = Math.min(500, MAX_ROUTE_POINTS);
/** The first simplification tolerance, in degrees (about 500 m): well inside the narrowest corridor. */
const FIRST_TOLERANCE_DEG = 0.005;

function simplified(geometry: readonly LonLat[], tolerance: number): LonLat[] {
  return simplify(geometry.map(([x, y]) => ({ x, y })), tolerance, true).map(({ x, y }) => [x, y]);
}

/**
 * The line "find along this trip" searches: the legs' lines (the roads, where the trip is routed on roads), each
 * simplified on its own so every stop stays a vertex, more coarsely until it fits the API; the stops themselves when
 * the legs are not known. Longitudes are wrapped back into [-180, 180]: the API reads each pair as the shorter arc.
 */
export function routeLine(stops: readonly Point[], legs?: readonly Pick<Leg, 'geometry'>[], maxPoints = MAX_LINE_POINTS): RouteLine {
  const stopPoints = stops.map((s): LonLat => [s.lon, s.lat]);
  const lines = legs && stops.length > 1 && legs.length === stops.length - 1 ? legs.map((l) => l.geometry) : null;
  let legLines: LonLat[][] = lines ?? stopPoints.slice(1).map((p, i) => [stopPoints[i], p]);
  for (let tolerance = FIRST_TOLERANCE_DEG; lines; tolerance *= 2) {
    legLines = lines.map((line) => simplified(line, tolerance));
    if (legLines.reduce((n, l) => n + l.length - 1, 1) <= maxPoints || legLines.every((l) => l.length <= 2)) break;
  }
  const points: LonLat[] = stopPoints.length ? [stopPoints[0]] : [];
  const stopOffsets = stopPoints.length ? [0] : [];
  for (const line of legLines) {
    let along = stopOffsets[stopOffsets.length - 1];
    for (let i = 1; i < line.length; i++) {
      along += greatCircleMeters(line[i - 1], line[i]);
      points.push(line[i]);
    }
    stopOffsets.push(along);
  }
  return { points: points.map(([lon, lat]) => [wrapLon(lon), lat]), stopOffsets };
}

/**
 * Where a place found `routeOffset` meters along the line goes in the trip: after the last stop whose offset is at
 * most that (the index to insert at; the number of stops appends it).
 */
export function insertIndexAt(stopOffsets: readonly number[], routeOffset: number): number {
  if (stopOffsets.length === 0) return 0;
  let last = 0;
  stopOffsets.forEach((o, i) => {
    if (o <= routeOffset) last = i;
  });
  return last + 1;
}
