/**
 * Naming the search's area by a place ("Within 150 km of Denver, CO"): towns of 10,000 people or more and the national
 * parks, cut at build time into one-degree tiles (scripts/build-gazetteer.ts), each holding the names within a degree
 * of its cell, so the nearest name within a degree is always in the tile of the point.
 */

import { distanceMeters } from '@/lib/geo/sphere';

/** [label ("Denver, CO", "Lyon, France", "Zion National Park"), lon, lat] */
export type NearbyRow = [string, number, number];

export const NEARBY_PATH = '/gazetteer/near';
export const NEARBY_MIN_POPULATION = 10_000;
/** A name further than this from the point does not describe it. */
const DESCRIBES_WITHIN_KM = 100;
/** Closer than this, the point is the place itself ("of Denver, CO"); further, near it ("of a point near Denver, CO"). */
const AT_PLACE_KM = 10;

export function nearbyTileKey(lon: number, lat: number): string {
  return `${Math.floor(lat)}_${Math.floor(lon)}`;
}

/** The tiles a name at (lon, lat) belongs to: its cell's and the eight around it. */
export function nearbyTilesOf(lon: number, lat: number): string[] {
  const keys: string[] = [];
  for (let dy = -1; dy <= 1; dy++) {
    for (let dx = -1; dx <= 1; dx++) {
      const y = Math.floor(lat) + dy;
      const x = ((Math.floor(lon) + dx + 180 + 360) % 360) - 180;
      if (y >= -90 && y < 90) keys.push(`${y}_${x}`);
    }
  }
  return keys;
}

/** A chosen destination as the area's middle is named: "Moab, UT", "Lyon, France", "Zion National Park", "Utah". */
export function destinationLabel(entry: { name: string; detail: string; kind: string }): string {
  if (entry.kind !== 'city' || !entry.detail) return entry.name;
  const [first, country] = entry.detail.split(', ');
  return `${entry.name}, ${country === 'United States' ? first : (country ?? first)}`;
}

/** How the area's middle is named: "Denver, CO", "a point near Denver, CO", or null when no name is near enough. */
export function nameOfPoint(rows: NearbyRow[], lon: number, lat: number): string | null {
  let best: NearbyRow | null = null;
  let bestKm = Infinity;
  for (const row of rows) {
    const km = distanceMeters(lon, lat, row[1], row[2]) / 1000;
    if (km < bestKm) [best, bestKm] = [row, km];
  }
  if (!best || bestKm > DESCRIBES_WITHIN_KM) return null;
  return bestKm <= AT_PLACE_KM ? best[0] : `a point near ${best[0]}`;
}
