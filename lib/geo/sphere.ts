import { MAX_RADIUS } from '@/lib/places/contract/limits';

/** Small spherical helpers; the Place API measures on a sphere of this radius. */
export const EARTH_RADIUS_M = 6_371_008.8;
export const MAX_RADIUS_M = MAX_RADIUS;
const rad = Math.PI / 180;

export interface Circle {
  lon: number;
  lat: number;
  /** meters */
  radius: number;
}

export interface Box {
  west: number;
  south: number;
  east: number;
  north: number;
}

export function wrapLon(lon: number): number {
  if (lon >= -180 && lon <= 180) return lon;
  const wrapped = ((((lon + 180) % 360) + 360) % 360) - 180;
  return wrapped === -180 && lon > 0 ? 180 : wrapped;
}

export function distanceMeters(lon1: number, lat1: number, lon2: number, lat2: number): number {
  const dLat = (lat2 - lat1) * rad;
  const dLon = (lon2 - lon1) * rad;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** The point `meters` away from (lon, lat) along `bearing` degrees. */
export function destination(lon: number, lat: number, meters: number, bearing: number): [number, number] {
  const d = meters / EARTH_RADIUS_M;
  const b = bearing * rad;
  const φ1 = lat * rad;
  const λ1 = lon * rad;
  const φ2 = Math.asin(Math.sin(φ1) * Math.cos(d) + Math.cos(φ1) * Math.sin(d) * Math.cos(b));
  const λ2 = λ1 + Math.atan2(Math.sin(b) * Math.sin(d) * Math.cos(φ1), Math.cos(d) - Math.sin(φ1) * Math.sin(φ2));
  return [λ2 / rad, φ2 / rad];
}

/** A closed ring approximating the circle on the sphere; longitudes stay continuous around the center. */
export function circleRing(circle: Circle, steps = 64): [number, number][] {
  const ring: [number, number][] = [];
  for (let i = 0; i < steps; i++) {
    const [lon, lat] = destination(circle.lon, circle.lat, circle.radius, (360 * i) / steps);
    let unwrapped = lon;
    while (unwrapped - circle.lon > 180) unwrapped -= 360;
    while (unwrapped - circle.lon < -180) unwrapped += 360;
    ring.push([round6(unwrapped), round6(lat)]);
  }
  ring.push(ring[0]);
  return ring;
}

export function boxRing(box: Box): [number, number][] {
  const east = box.east < box.west ? box.east + 360 : box.east;
  return [
    [box.west, box.south],
    [east, box.south],
    [east, box.north],
    [box.west, box.north],
    [box.west, box.south],
  ];
}

export function boxCenter(box: Box): [number, number] {
  const east = box.east < box.west ? box.east + 360 : box.east;
  return [wrapLon((box.west + east) / 2), (box.south + box.north) / 2];
}

/** The smallest radius (capped at the API's maximum) around the box's center that reaches all its corners. */
export function boxCoverRadius(box: Box): number {
  const [lon, lat] = boxCenter(box);
  const corners = [
    [box.west, box.south],
    [box.east, box.south],
    [box.east, box.north],
    [box.west, box.north],
  ];
  const far = Math.max(...corners.map(([x, y]) => distanceMeters(lon, lat, x, y)));
  return Math.min(MAX_RADIUS_M, Math.max(1, Math.ceil(far)));
}

/** Bounds [[west, south], [east, north]] of a circle, for fitting the map. */
export function circleBounds(circle: Circle): [[number, number], [number, number]] {
  const ring = circleRing(circle, 16);
  const lons = ring.map((p) => p[0]);
  const lats = ring.map((p) => p[1]);
  return [
    [Math.min(...lons), Math.max(-85, Math.min(...lats))],
    [Math.max(...lons), Math.min(85, Math.max(...lats))],
  ];
}

export function round6(n: number): number {
  return Math.round(n * 1e6) / 1e6;
}
