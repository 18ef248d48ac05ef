import { describe, expect, it } from 'vitest';
import { mulberry32 } from '@/lib/places/dataset/prng';
import type { LonLat } from '@/lib/roads/edge';
import { haversineMeters } from '@/lib/roads/geometry';
import { routeBox } from '@/lib/roads/router/pgrouting/route-box';

describe('routeBox', () => {
  it('holds every point a route of the given length could pass, at every latitude', () => {
    const rng = mulberry32(37);
    let inside = 0;
    for (let i = 0; i < 300; i++) {
      const a: LonLat = [-170 + rng() * 340, -80 + rng() * 160];
      const b: LonLat = [a[0] + (rng() - 0.5) * 10, Math.max(-85, Math.min(85, a[1] + (rng() - 0.5) * 10))];
      const reach = haversineMeters(a, b) * (1 + rng() * 2) + 1000;
      const [west, south, east, north] = routeBox(a, b, reach);
      for (let j = 0; j < 200; j++) {
        const p: LonLat = [a[0] + (rng() - 0.5) * 40, Math.max(-90, Math.min(90, a[1] + (rng() - 0.5) * 40))];
        if (haversineMeters(a, p) + haversineMeters(p, b) > reach) continue;
        inside++;
        expect(p[0] >= west && p[0] <= east && p[1] >= south && p[1] <= north, JSON.stringify({ a, b, reach, p })).toBe(true);
      }
    }
    expect(inside).toBeGreaterThan(1000);
  });

  it('is small for a short route', () => {
    const [west, south, east, north] = routeBox([11.95, 57.7], [11.97, 57.7], 2000);
    expect(east - west).toBeLessThan(0.06);
    expect(north - south).toBeLessThan(0.03);
  });
});
