import type { LonLat } from '../edge';

/**
 * Lines no local road crosses: the Colorado River through the Grand Canyon, from below Navajo Bridge (Marble Canyon,
 * where US 89A crosses) to Pearce Ferry at Lake Mead. Without it, the nearest-town roads would join the rims.
 */
const BARRIERS: LonLat[][] = [
  [
    [-111.64, 36.8], [-111.82, 36.5], [-111.8, 36.19], [-112.09, 36.1], [-112.4, 36.2], [-112.7, 36.38],
    [-113.09, 36.19], [-113.55, 35.95], [-114.0, 36.1],
  ],
];

const cross = (o: LonLat, a: LonLat, b: LonLat) => (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);

function segmentsCross(p: LonLat, q: LonLat, r: LonLat, s: LonLat): boolean {
  return cross(p, q, r) * cross(p, q, s) < 0 && cross(r, s, p) * cross(r, s, q) < 0;
}

/** Whether the straight way from `a` to `b` crosses a barrier (on the plane of degrees: the ways are ≤ 120 km). */
export function crossesBarrier(a: LonLat, b: LonLat): boolean {
  return BARRIERS.some((line) => line.some((p, i) => i > 0 && segmentsCross(a, b, line[i - 1], p)));
}
