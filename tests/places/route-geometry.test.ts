// The geometry of search along a route: polyline decoding, the distance from a point to a route of great-circle
// arcs and the offset along it, and the corridor's cells, held to independent formulas.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EARTH_RADIUS_M, unitVector } from '@/lib/places/geo';
import { angleOfChord2, RouteLine } from '@/lib/places/route/line';
import { decodeRoute, encodeRoute, RouteInputError } from '@/lib/places/route/polyline';
import { classifyCorridorCell, corridorOf, inCorridor } from '@/lib/places/store/corridor';
import { cellOf, COARSE, FINE } from '@/lib/places/store/grid';
import { routeMeasure } from './support/search-oracle';

const RUNS = Number(process.env.PROPERTY_RUNS ?? 300);
const meters = (c2: number) => angleOfChord2(c2) * EARTH_RADIUS_M;

function measure(line: RouteLine, lon: number, lat: number) {
  const [x, y, z] = unitVector(lon, lat);
  const m = line.measure(x, y, z, { c2: 0, along: 0 });
  return { d: meters(m.c2), offset: m.along * EARTH_RADIUS_M };
}

const lonLat = fc.record({ lon: fc.double({ min: -180, max: 180, noNaN: true }), lat: fc.double({ min: -90, max: 90, noNaN: true }) });
const round5 = (v: number) => Math.round(v * 1e5) / 1e5;
const wrap = (lon: number) => (lon > 180 ? lon - 360 : lon < -180 ? lon + 360 : lon);
/** Routes of up to 6 legs from anywhere (poles and antimeridian included), short or long legs. */
const routes = fc
  .tuple(lonLat, fc.array(fc.tuple(fc.double({ min: -1, max: 1, noNaN: true }), fc.double({ min: -1, max: 1, noNaN: true })), { minLength: 1, maxLength: 6 }), fc.constantFrom(0.01, 0.3, 3, 20))
  .map(([start, steps, scale]) => {
    const points = [{ lon: round5(start.lon), lat: round5(start.lat) }];
    for (const [dl, dp] of steps) {
      const last = points[points.length - 1];
      points.push({ lon: round5(wrap(last.lon + dl * scale)), lat: round5(Math.max(-90, Math.min(90, last.lat + dp * scale))) });
    }
    return points;
  });
/** A point near a route: on one of its legs' vertices, moved by up to about 60 km. */
const nearPoint = (points: { lon: number; lat: number }[]) =>
  fc.tuple(fc.integer({ min: 0, max: points.length - 1 }), fc.double({ min: -0.6, max: 0.6, noNaN: true }), fc.double({ min: -0.6, max: 0.6, noNaN: true })).map(([i, dl, dp]) => ({
    lon: wrap(points[i].lon + dl),
    lat: Math.max(-90, Math.min(90, points[i].lat + dp)),
  }));

describe('decodeRoute', () => {
  it("decodes Google's documented example", () => {
    expect(decodeRoute('_p~iF~ps|U_ulLnnqC_mqNvxq`@')).toEqual([
      { lon: -120.2, lat: 38.5 },
      { lon: -120.95, lat: 40.7 },
      { lon: -126.453, lat: 43.252 },
    ]);
  });

  it('gives back the points it was given, to 1e-5 degrees', () => {
    fc.assert(
      fc.property(fc.array(lonLat, { minLength: 1, maxLength: 30 }), (points) => {
        const decoded = decodeRoute(encodeRoute(points));
        decoded.forEach((p, i) => {
          expect(Math.abs(p.lon - points[i].lon)).toBeLessThanOrEqual(0.5e-5 + 1e-12);
          expect(Math.abs(p.lat - points[i].lat)).toBeLessThanOrEqual(0.5e-5 + 1e-12);
        });
      }),
      { numRuns: RUNS },
    );
  });

  it.each([
    ['a space', 'abc def', /character 4/],
    ['a value cut off', '_p~iF~ps|U_', /cut off/],
    ['a latitude alone', '_p~iF~ps|U_ulL', /without its longitude/],
    ['a value too long', '~~~~~~~~~~~~?', /too long/],
    ['a latitude out of range', encodeRoute([{ lon: 0, lat: 95 }]), /latitude 95/],
    ['a longitude out of range', encodeRoute([{ lon: -200, lat: 0 }]), /longitude -200/],
  ])('refuses %s', (_, input, message) => {
    expect(() => decodeRoute(input)).toThrow(RouteInputError);
    expect(() => decodeRoute(input)).toThrow(message);
  });

  it('never throws anything but a RouteInputError', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), (input) => {
        try {
          decodeRoute(input);
        } catch (err) {
          expect(err).toBeInstanceOf(RouteInputError);
        }
      }),
      { numRuns: RUNS },
    );
  });
});

describe('RouteLine', () => {
  it('measures across the antimeridian, over a pole and beyond the ends', () => {
    const dateLine = new RouteLine([{ lon: 179.9, lat: 0 }, { lon: -179.9, lat: 0 }]);
    const a = measure(dateLine, 180, 0.01);
    expect(a.d).toBeCloseTo(1111.95, 1);
    expect(a.offset).toBeCloseTo(dateLine.meters / 2, 3);
    expect(dateLine.meters).toBeCloseTo(22239, 0);
    const polar = new RouteLine([{ lon: 0, lat: 89 }, { lon: 180, lat: 89 }]);
    const pole = measure(polar, 77, 90);
    expect(pole.d).toBeLessThan(1e-6);
    expect(pole.offset).toBeCloseTo(polar.meters / 2, 3);
    const before = measure(dateLine, 179.8, 0);
    expect(before.offset).toBe(0);
    expect(before.d).toBeCloseTo(11119.5, 0);
    const after = measure(dateLine, -179.5, 0.3);
    expect(after.offset).toBe(dateLine.length * EARTH_RADIUS_M);
  });

  it('gives the offset of the first of equally near points, and zero-length legs work', () => {
    const back = new RouteLine([{ lon: 0, lat: 0 }, { lon: 1, lat: 0 }, { lon: 0, lat: 0 }]);
    expect(measure(back, 0.5, 0.1).offset).toBeCloseTo(back.meters / 4, 3);
    const still = new RouteLine([{ lon: 10, lat: 10 }, { lon: 10, lat: 10 }]);
    expect(measure(still, 10, 10.1).d).toBeCloseTo(11119.5, 0);
  });

  it('equals the along-track and cross-track formulas for points near random routes', () => {
    fc.assert(
      fc.property(routes.chain((points) => fc.tuple(fc.constant(points), nearPoint(points))), ([points, p]) => {
        const line = new RouteLine(points);
        const got = measure(line, p.lon, p.lat);
        const expected = routeMeasure(points, p.lon, p.lat);
        expect(Math.abs(got.d - expected.d)).toBeLessThan(0.01);
        // A point a hair from a vertex where a leg starts (or after legs of no length) is as near the vertex as the
        // leg: the offsets may then differ by the hair, a few centimetres at most (seen: 1 cm past a repeated start).
        expect(Math.abs(got.offset - expected.offset)).toBeLessThan(0.05);
      }),
      { numRuns: RUNS },
    );
  });
});

describe('the corridor', () => {
  it('lists the cell of every point within the buffer, in ascending runs of cells, and classifies cells conservatively', () => {
    fc.assert(
      fc.property(
        routes.chain((points) => fc.tuple(fc.constant(points), fc.integer({ min: 1, max: 50_000 }), fc.array(nearPoint(points), { minLength: 20, maxLength: 20 }))),
        ([points, buffer, near]) => {
          const line = new RouteLine(points);
          const corridor = corridorOf(line, buffer);
          const { runFrom, runTo } = corridor;
          for (let k = 0; k < runFrom.length; k++) {
            // Runs ascending and disjoint, each within one row of the coarse grid.
            expect(runFrom[k]).toBeLessThanOrEqual(runTo[k]);
            expect(Math.floor(runFrom[k] / COARSE.cols)).toBe(Math.floor(runTo[k] / COARSE.cols));
            if (k > 0) expect(runFrom[k]).toBeGreaterThan(runTo[k - 1]);
          }
          for (const p of near) {
            const within = routeMeasure(points, p.lon, p.lat).d <= buffer;
            const [x, y, z] = unitVector(p.lon, p.lat);
            const fine = cellOf(p.lon, p.lat, FINE);
            expect(inCorridor(corridor, x, y, z, fine, { c2: 0, along: 0 })).toBe(within);
            const coarse = cellOf(p.lon, p.lat, COARSE);
            const row = Math.floor(coarse / COARSE.cols);
            const cls = classifyCorridorCell(corridor, row, coarse - row * COARSE.cols, COARSE);
            if (cls === 'inside') expect(within).toBe(true);
            if (cls === 'outside') expect(within).toBe(false);
          }
        },
      ),
      { numRuns: RUNS },
    );
  });
});
