import { EARTH_RADIUS_M } from '@/lib/places/geo';
import type { LonLat } from '../../edge';
import { haversineMeters } from '../../geometry';

export type Box = [west: number, south: number, east: number, north: number];

const DEG = 180 / Math.PI;
/** Slack for rounding: lengths are sums of haversines, and a part of an edge is a fraction of its length. */
const SLACK = 1.001;
const SLACK_M = 50;

/** A longitude-latitude box holding every point within `radiusM` of `center` on the sphere. */
function circleBox([lon, lat]: LonLat, radiusM: number): Box {
  const dLat = (radiusM / EARTH_RADIUS_M) * DEG;
  const farthestLat = Math.abs(lat) + dLat;
  const dLon = farthestLat >= 89 ? 180 : dLat / Math.cos(farthestLat / DEG);
  if (dLon >= 180 || lon - dLon < -180 || lon + dLon > 180) return [-180, Math.max(-90, lat - dLat), 180, Math.min(90, lat + dLat)];
  return [lon - dLon, Math.max(-90, lat - dLat), lon + dLon, Math.min(90, lat + dLat)];
}

/**
 * A box holding every road a route from `a` to `b` of at most `reachM` metres can use: each of its points p has
 * |ap| + |pb| <= reachM (great circles are the shortest), so it lies within (reachM + |ab|) / 2 of both ends.
 */
export function routeBox(a: LonLat, b: LonLat, reachM: number): Box {
  const radius = ((reachM + haversineMeters(a, b)) / 2) * SLACK + SLACK_M;
  const [fromA, fromB] = [circleBox(a, radius), circleBox(b, radius)];
  return [Math.max(fromA[0], fromB[0]), Math.max(fromA[1], fromB[1]), Math.min(fromA[2], fromB[2]), Math.min(fromA[3], fromB[3])];
}
