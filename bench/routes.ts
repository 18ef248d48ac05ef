import { mulberry32 } from '@/lib/places/dataset/prng';
import { EARTH_RADIUS_M } from '@/lib/places/geo';

const D2R = Math.PI / 180;
const round5 = (v: number) => Math.round(v * 1e5) / 1e5;

/**
 * A road-like route of `km` from a start point: legs of `legKm` whose heading drifts a little at each point, drawn
 * from a generator seeded by the start, so every backend and run gets the same routes.
 */
export function benchRoute(start: { lon: number; lat: number }, km = 1000, legKm = 20): { lon: number; lat: number }[] {
  const rng = mulberry32(Math.round((start.lon + 180) * 1e4) * 7919 + Math.round((start.lat + 90) * 1e4));
  let heading = rng() * 2 * Math.PI;
  let lat = start.lat * D2R;
  let lon = start.lon * D2R;
  const points = [{ lon: round5(start.lon), lat: round5(start.lat) }];
  const d = (legKm * 1000) / EARTH_RADIUS_M;
  for (let i = 0; i < Math.round(km / legKm); i++) {
    heading += (rng() - 0.5) * 0.6;
    const lat2 = Math.asin(Math.sin(lat) * Math.cos(d) + Math.cos(lat) * Math.sin(d) * Math.cos(heading));
    const lon2 = lon + Math.atan2(Math.sin(heading) * Math.sin(d) * Math.cos(lat), Math.cos(d) - Math.sin(lat) * Math.sin(lat2));
    lat = lat2;
    lon = ((lon2 + 3 * Math.PI) % (2 * Math.PI)) - Math.PI;
    points.push({ lon: round5(lon / D2R), lat: round5(lat / D2R) });
  }
  return points;
}
