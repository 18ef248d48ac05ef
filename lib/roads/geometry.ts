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
