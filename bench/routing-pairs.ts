import type { LonLat } from '@/lib/roads/edge';
import { haversineMeters } from '@/lib/roads/geometry';

/** `count` pairs of points `pick` draws, each pair `minKm` to `maxKm` apart (great circle); the others are drawn again. */
export function pairsApart(pick: () => LonLat, count: number, minKm: number, maxKm: number): [LonLat, LonLat][] {
  const pairs: [LonLat, LonLat][] = [];
  while (pairs.length < count) {
    const [a, b] = [pick(), pick()];
    const km = haversineMeters(a, b) / 1000;
    if (km >= minKm && km <= maxKm) pairs.push([a, b]);
  }
  return pairs;
}
