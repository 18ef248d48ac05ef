import { distanceMeters } from '@/lib/geo/sphere';

interface Point {
  lon: number;
  lat: number;
}

/**
 * Where a new stop goes in a trip: between the two stops it lengthens the route least (in great-circle distance), or
 * before the first or after the last when that costs less. A stop added by name ("Moab" on a Denver → Zion trip) lands
 * at its place on the way, not at the end.
 */
export function cheapestInsertion(stops: Point[], stop: Point): number {
  if (stops.length === 0) return 0;
  const d = (a: Point, b: Point) => distanceMeters(a.lon, a.lat, b.lon, b.lat);
  let best = stops.length;
  let bestCost = d(stops[stops.length - 1], stop);
  if (d(stop, stops[0]) < bestCost) [best, bestCost] = [0, d(stop, stops[0])];
  for (let i = 1; i < stops.length; i++) {
    const cost = d(stops[i - 1], stop) + d(stop, stops[i]) - d(stops[i - 1], stops[i]);
    if (cost < bestCost) [best, bestCost] = [i, cost];
  }
  return best;
}
