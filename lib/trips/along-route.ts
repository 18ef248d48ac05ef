import polyline from '@mapbox/polyline';
import { greatCircleMeters } from './legs/great-circle';

type Point = { lon: number; lat: number };

/**
 * The trip as a route for the Place API: its stops in order as an encoded polyline (precision 5, latitude first).
 * Each leg is a great-circle arc, as the API reads every pair of points, so no bends need adding.
 */
export function encodeTripRoute(stops: Point[]): string {
  return polyline.encode(stops.map((s) => [s.lat, s.lon]));
}

/** Meters along the route from its first stop to each stop. */
export function stopOffsets(stops: Point[]): number[] {
  const offsets: number[] = [];
  stops.forEach((s, i) => offsets.push(i === 0 ? 0 : offsets[i - 1] + greatCircleMeters([stops[i - 1].lon, stops[i - 1].lat], [s.lon, s.lat])));
  return offsets;
}

/**
 * Where a place found `routeOffset` meters along the route goes in the trip: after the last stop whose distance
 * along the route is at most that offset (the index to insert at; the stops' length appends it).
 */
export function insertIndexForOffset(stops: Point[], routeOffset: number): number {
  if (stops.length === 0) return 0;
  const offsets = stopOffsets(stops);
  let last = 0;
  offsets.forEach((o, i) => {
    if (o <= routeOffset) last = i;
  });
  return last + 1;
}
