// The snapping index (lib/roads/router/snap.ts) against a scan of every edge: its tree keeps the edges' boxes in
// 32-bit floats, rounded outwards, so it finds the same nearest edge as the scan, also for points at the very rim of
// the range asked (edges along a parallel or a meridian, points straight off them at the range's distance).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { LonLat, RoadEdge } from '@/lib/roads/edge';
import { EdgeTable } from '@/lib/roads/edge-table';
import { EdgeIndex, edgeList, type Snap } from '@/lib/roads/router/snap';
import { plainEdge } from './support/grid-town';

const SEED = Number(process.env.PROPERTY_SEED ?? 20261205);
const METERS_PER_DEGREE = 111_320;
const at7 = (x: number) => Math.round(x * 1e7) / 1e7;

/** Short roads far from the meridian and the equator (where 32-bit floats are coarsest), some straight along an axis. */
const road = fc.record({
  lon: fc.double({ min: -124, max: -67, noNaN: true }),
  lat: fc.double({ min: 25, max: 49, noNaN: true }),
  dLon: fc.oneof(fc.constant(0), fc.double({ min: -0.002, max: 0.002, noNaN: true })),
  dLat: fc.oneof(fc.constant(0), fc.double({ min: -0.002, max: 0.002, noNaN: true })),
});

const testCase = fc.record({
  roads: fc.array(road, { minLength: 1, maxLength: 30 }),
  asks: fc.array(fc.record({ road: fc.nat(), along: fc.double({ min: 0, max: 1, noNaN: true }), offM: fc.double({ min: 0, max: 40, noNaN: true }), north: fc.boolean(), rangeM: fc.double({ min: 1, max: 40, noNaN: true }) }), { minLength: 1, maxLength: 20 }),
});

function edgesOf(roads: { lon: number; lat: number; dLon: number; dLat: number }[]): RoadEdge[] {
  return roads.map((r, id) => ({
    ...plainEdge,
    id,
    from: 2 * id,
    to: 2 * id + 1,
    oneway: 'both',
    lengthM: 100,
    speedKmh: 50,
    geometry: [
      [at7(r.lon), at7(r.lat)],
      [at7(r.lon + r.dLon), at7(r.lat + r.dLat) + (r.dLon === 0 && r.dLat === 0 ? 1e-5 : 0)],
    ],
  }));
}

/**
 * The nearest snap by a scan of every edge, each asked alone from far wider than the range (so its box's rounding
 * cannot matter), then held to the range: the smallest distance.
 */
function scan(edges: RoadEdge[], point: LonLat, rangeM: number): Snap | null {
  let best: Snap | null = null;
  for (const edge of edges) {
    const snap = new EdgeIndex(edgeList([edge])).nearest(point, 100_000, () => true);
    if (snap && snap.distanceM <= rangeM && (!best || snap.distanceM < best.distanceM)) best = snap;
  }
  return best;
}

describe('the snapping index', () => {
  it('finds the edge a scan of every edge finds, at the rim of the range too', () => {
    fc.assert(
      fc.property(testCase, ({ roads, asks }) => {
        const edges = edgesOf(roads);
        const index = new EdgeIndex(EdgeTable.of(edges));
        for (const ask of asks) {
          const [a, b] = edges[ask.road % edges.length].geometry;
          const on: LonLat = [a[0] + (b[0] - a[0]) * ask.along, a[1] + (b[1] - a[1]) * ask.along];
          // Straight north or south of the road: at the range's own distance when offM is past it.
          const dLat = ((ask.north ? 1 : -1) * Math.min(ask.offM, ask.rangeM)) / METERS_PER_DEGREE;
          const point: LonLat = [on[0], on[1] + dLat];
          const [found, expected] = [index.nearest(point, ask.rangeM, () => true), scan(edges, point, ask.rangeM)];
          expect(found === null).toBe(expected === null);
          if (found && expected) expect(found.distanceM).toBeCloseTo(expected.distanceM, 6);
        }
      }),
      { numRuns: 300, seed: SEED },
    );
  });
});
