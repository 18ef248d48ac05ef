import { describe, expect, it } from 'vitest';
import { greatCircleMeters } from '@/lib/trips/legs/great-circle';
import type { LonLat } from '@/lib/trips/legs/types';
import { insertIndexAt, MAX_LINE_POINTS, routeLine } from '@/lib/trips/route-line';

const STOPS = [
  { lon: -104.9847, lat: 39.73915 },
  { lon: -108.55065, lat: 39.06387 },
  { lon: -109.54984, lat: 38.57332 },
];
const pointOf = (s: { lon: number; lat: number }): LonLat => [s.lon, s.lat];
const length = (line: LonLat[]) => line.slice(1).reduce((sum, p, i) => sum + greatCircleMeters(line[i], p), 0);

/** A winding road from a to b: `n` vertices on a sine wave across the straight line. */
function winding(a: LonLat, b: LonLat, n: number, amplitudeDeg = 0.05, waves = 6): LonLat[] {
  return Array.from({ length: n + 1 }, (_, i) => {
    const t = i / n;
    const side = amplitudeDeg * Math.sin(t * waves * 2 * Math.PI);
    return [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t + side];
  });
}

describe('routeLine', () => {
  it('is the stops, with great-circle offsets, when the legs are not known', () => {
    const line = routeLine(STOPS);
    expect(line.points).toEqual(STOPS.map(pointOf));
    expect(line.stopOffsets[0]).toBe(0);
    expect(line.stopOffsets[1]).toBeCloseTo(greatCircleMeters(pointOf(STOPS[0]), pointOf(STOPS[1])), 6);
    expect(routeLine([]).points).toEqual([]);
    expect(routeLine([STOPS[0]])).toEqual({ points: [pointOf(STOPS[0])], stopOffsets: [0] });
  });

  it('follows the roads of the legs, keeping every stop as a vertex at its offset', () => {
    const legs = [winding(pointOf(STOPS[0]), pointOf(STOPS[1]), 3000), winding(pointOf(STOPS[1]), pointOf(STOPS[2]), 2000)].map((geometry) => ({ geometry }));
    const line = routeLine(STOPS, legs);
    expect(line.points.length).toBeLessThanOrEqual(MAX_LINE_POINTS);
    expect(line.points.length).toBeGreaterThan(10);
    const stopIndex = line.points.findIndex((p) => p[0] === STOPS[1].lon && p[1] === STOPS[1].lat);
    expect(stopIndex).toBeGreaterThan(0);
    expect(line.stopOffsets[1]).toBeCloseTo(length(line.points.slice(0, stopIndex + 1)), 3);
    // Simplified within the tolerance, the line is as long as the road to within a few percent, and longer than the
    // straight line.
    const road = length(legs[0].geometry) + length(legs[1].geometry);
    expect(line.stopOffsets[2] / road).toBeGreaterThan(0.97);
    expect(line.stopOffsets[2]).toBeGreaterThan(routeLine(STOPS).stopOffsets[2] * 1.05);
  });

  it('wraps longitudes that a leg carried past the antimeridian', () => {
    const stops = [{ lon: 179.5, lat: 60 }, { lon: -179.5, lat: 60 }];
    const line = routeLine(stops, [{ geometry: [[179.5, 60], [180.2, 60], [180.5, 60]] }]);
    expect(line.points.every(([lon]) => lon >= -180 && lon <= 180)).toBe(true);
    expect(line.points[line.points.length - 1][0]).toBeCloseTo(-179.5, 9);
  });

  it('falls back to the stops when the legs do not match them', () => {
    expect(routeLine(STOPS, [{ geometry: [pointOf(STOPS[0]), pointOf(STOPS[1])] }]).points).toEqual(STOPS.map(pointOf));
  });
});

describe('insertIndexAt', () => {
  const offsets = [0, 100, 100, 250];
  it('puts a place after the last stop at or before its offset', () => {
    expect(insertIndexAt(offsets, 0)).toBe(1);
    expect(insertIndexAt(offsets, 99)).toBe(1);
    expect(insertIndexAt(offsets, 100)).toBe(3);
    expect(insertIndexAt(offsets, 250)).toBe(4);
    expect(insertIndexAt([], 10)).toBe(0);
  });
});
