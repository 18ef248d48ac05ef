import { EARTH_RADIUS_M } from '@/lib/places/geo';
import type { LonLat } from './edge';

const RAD = Math.PI / 180;

/** Great-circle distance (haversine) on the sphere the place search uses. */
export function haversineMeters(a: LonLat, b: LonLat): number {
  const dLat = (b[1] - a[1]) * RAD;
  const dLon = (b[0] - a[0]) * RAD;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a[1] * RAD) * Math.cos(b[1] * RAD) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

export function lineMeters(line: readonly LonLat[]): number {
  let total = 0;
  for (let i = 1; i < line.length; i++) total += haversineMeters(line[i - 1], line[i]);
  return total;
}

/** Coordinates are kept to 1e-7 degrees (about 1 cm), OpenStreetMap's own precision. */
export const COORDINATE_DIGITS = 7;
const SCALE = 10 ** COORDINATE_DIGITS;

export function roundCoordinate([lon, lat]: readonly number[]): LonLat {
  return [Math.round(lon * SCALE) / SCALE, Math.round(lat * SCALE) / SCALE];
}

/** The key of a GeoJSON vertex: lines meet where their rounded coordinates are equal. */
export function coordinateKey([lon, lat]: readonly number[]): string {
  return `${Math.round(lon * SCALE)},${Math.round(lat * SCALE)}`;
}

/** Makes the box at `at` of `out` ([west, south, east, north]) empty, for `widenBox` to widen. */
export function emptyBox(out: Float64Array, at: number): void {
  out[at] = out[at + 1] = Infinity;
  out[at + 2] = out[at + 3] = -Infinity;
}

/** Widens the box at `at` of `out` to hold the point. */
export function widenBox(out: Float64Array, at: number, lon: number, lat: number): void {
  out[at] = Math.min(out[at], lon);
  out[at + 1] = Math.min(out[at + 1], lat);
  out[at + 2] = Math.max(out[at + 2], lon);
  out[at + 3] = Math.max(out[at + 3], lat);
}
