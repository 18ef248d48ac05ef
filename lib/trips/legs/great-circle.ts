import type { Leg, LegRouter, LonLat } from './types';

export const EARTH_RADIUS_M = 6_371_008.8;
/** Vertices of a drawn leg are at most this far apart, so long legs bend as great circles do. */
const STEP_M = 50_000;
const MAX_STEPS = 128;

const rad = (d: number) => (d * Math.PI) / 180;
const deg = (r: number) => (r * 180) / Math.PI;

function unit([lon, lat]: LonLat): [number, number, number] {
  return [Math.cos(rad(lat)) * Math.cos(rad(lon)), Math.cos(rad(lat)) * Math.sin(rad(lon)), Math.sin(rad(lat))];
}

/** Central angle between two points (atan2 of cross and dot: exact for tiny and antipodal angles alike). */
function angle(a: LonLat, b: LonLat): number {
  const [x1, y1, z1] = unit(a);
  const [x2, y2, z2] = unit(b);
  const cross = Math.hypot(y1 * z2 - z1 * y2, z1 * x2 - x1 * z2, x1 * y2 - y1 * x2);
  return Math.atan2(cross, x1 * x2 + y1 * y2 + z1 * z2);
}

export function greatCircleMeters(a: LonLat, b: LonLat): number {
  return angle(a, b) * EARTH_RADIUS_M;
}

/** Points along the great circle from a to b (both included), longitudes unwrapped from a's. */
export function greatCirclePath(a: LonLat, b: LonLat): LonLat[] {
  const omega = angle(a, b);
  const steps = Math.min(MAX_STEPS, Math.max(1, Math.ceil((omega * EARTH_RADIUS_M) / STEP_M)));
  const pa = unit(a);
  const pb = unit(b);
  const out: LonLat[] = [a];
  let previousLon = a[0];
  for (let i = 1; i <= steps; i++) {
    let point: LonLat;
    if (i === steps) point = b;
    else if (omega < 1e-12 || Math.abs(Math.PI - omega) < 1e-9) {
      // No unique great circle between identical or antipodal points: a straight blend is as good as any.
      const t = i / steps;
      point = [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t];
    } else {
      const t = i / steps;
      const sa = Math.sin((1 - t) * omega) / Math.sin(omega);
      const sb = Math.sin(t * omega) / Math.sin(omega);
      const x = sa * pa[0] + sb * pb[0];
      const y = sa * pa[1] + sb * pb[1];
      const z = sa * pa[2] + sb * pb[2];
      point = [deg(Math.atan2(y, x)), deg(Math.atan2(z, Math.hypot(x, y)))];
    }
    let lon = point[0];
    while (lon - previousLon > 180) lon -= 360;
    while (lon - previousLon < -180) lon += 360;
    previousLon = lon;
    out.push([lon, point[1]]);
  }
  return out;
}

/** Legs as straight lines on the globe, the time at an average speed: what the page calls straight-line distance. */
export function greatCircleRouter(averageSpeedKmh: number): LegRouter {
  const metersPerSecond = (averageSpeedKmh * 1000) / 3600;
  return {
    kind: 'straight-line',
    describe: `Straight-line distances; times at an average ${averageSpeedKmh} km/h`,
    async legs(points: LonLat[]): Promise<Leg[]> {
      const legs: Leg[] = [];
      for (let i = 1; i < points.length; i++) {
        const distanceMeters = greatCircleMeters(points[i - 1], points[i]);
        legs.push({ distanceMeters, durationSeconds: distanceMeters / metersPerSecond, geometry: greatCirclePath(points[i - 1], points[i]) });
      }
      return legs;
    },
  };
}
