import type { TripStop } from './model';
import type { Leg } from './legs/types';

export type Bounds = [[number, number], [number, number]];

/**
 * What frames a trip on the map: its stops, and the roads between them, which may swing far out of the stops' box (a
 * detour around a low bridge). A leg drawn across the antimeridian (longitudes past ±180) is left out: the stops'
 * own longitudes are not unwrapped with it.
 */
export function tripBounds(stops: Pick<TripStop, 'lon' | 'lat'>[], legs: Pick<Leg, 'geometry'>[] = []): Bounds | null {
  if (!stops.length) return null;
  let [west, south, east, north] = [Infinity, Infinity, -Infinity, -Infinity];
  const extend = (lon: number, lat: number) => {
    west = Math.min(west, lon);
    east = Math.max(east, lon);
    south = Math.min(south, lat);
    north = Math.max(north, lat);
  };
  for (const s of stops) extend(s.lon, s.lat);
  for (const leg of legs) {
    if (leg.geometry.some(([lon]) => lon < -180 || lon > 180)) continue;
    for (const [lon, lat] of leg.geometry) extend(lon, lat);
  }
  return [
    [west, south],
    [east, north],
  ];
}
