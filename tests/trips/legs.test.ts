import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EARTH_RADIUS_M, greatCircleMeters, greatCirclePath, greatCircleRouter } from '@/lib/trips/legs/great-circle';
import { loadConfig } from '@/lib/config/env';
import { legRouter } from '@/lib/trips/legs';
import type { LonLat } from '@/lib/trips/legs/types';

const lonLat = fc.tuple(fc.double({ min: -180, max: 180, noNaN: true }), fc.double({ min: -90, max: 90, noNaN: true })) as fc.Arbitrary<LonLat>;

describe('great-circle legs', () => {
  it('measures known distances', () => {
    // Paris - New York, about 5,837 km on the sphere.
    expect(greatCircleMeters([2.3522, 48.8566], [-74.006, 40.7128]) / 1000).toBeCloseTo(5837, -1);
    // A quarter of the equator; pole to pole.
    expect(greatCircleMeters([0, 0], [90, 0])).toBeCloseTo((Math.PI / 2) * EARTH_RADIUS_M, 3);
    expect(greatCircleMeters([0, 90], [0, -90])).toBeCloseTo(Math.PI * EARTH_RADIUS_M, 3);
    expect(greatCircleMeters([10, 10], [10, 10])).toBe(0);
  });

  it('crosses the antimeridian the short way, with continuous longitudes for the map', () => {
    expect(greatCircleMeters([179.5, 0], [-179.5, 0]) / 1000).toBeCloseTo(111.2, 0);
    const path = greatCirclePath([170, -17], [-170, -15]);
    expect(path[0]).toEqual([170, -17]);
    for (let i = 1; i < path.length; i++) expect(Math.abs(path[i][0] - path[i - 1][0])).toBeLessThan(10);
    expect(path[path.length - 1][0]).toBeCloseTo(190, 9);
  });

  it('is symmetric, obeys the triangle inequality, and its drawn path adds up to the distance', () => {
    fc.assert(
      fc.property(lonLat, lonLat, lonLat, (a, b, c) => {
        const ab = greatCircleMeters(a, b);
        expect(ab).toBeCloseTo(greatCircleMeters(b, a), 3);
        expect(ab).toBeLessThanOrEqual(greatCircleMeters(a, c) + greatCircleMeters(c, b) + 1e-3);
        expect(ab).toBeLessThanOrEqual(Math.PI * EARTH_RADIUS_M + 1e-3);
        const path = greatCirclePath(a, b);
        const along = path.slice(1).reduce((sum, p, i) => sum + greatCircleMeters(path[i], p), 0);
        // Antipodal pairs have no unique great circle: only the others must add up.
        if (ab < Math.PI * EARTH_RADIUS_M * 0.999) expect(along).toBeCloseTo(ab, -1);
      }),
      { numRuns: 500 },
    );
  });

  it('times legs at the average speed and says the distances are straight lines', async () => {
    const router = greatCircleRouter(100);
    expect(router.kind).toBe('straight-line');
    expect(router.describe).toMatch(/Straight-line.*100 km\/h/);
    const legs = await router.legs([[0, 0], [1, 0], [1, 1]]);
    expect(legs).toHaveLength(2);
    expect(legs[0].durationSeconds).toBeCloseTo(legs[0].distanceMeters / (100 / 3.6), 6);
    expect(await router.legs([[0, 0]])).toEqual([]);
  });

  it('draws straight lines, at the speed of TRIPS_AVERAGE_SPEED_KMH (80 km/h by default), when no road router is running', async () => {
    expect((await legRouter(loadConfig({}))).describe).toMatch(/80 km\/h/);
    expect((await legRouter(loadConfig({ TRIPS_AVERAGE_SPEED_KMH: '65' }))).describe).toMatch(/65 km\/h/);
  });
});
