// The landmark heuristic (ALT) against a brute-force Dijkstra, on generated networks with one-way streets: the times
// kept (32-bit floats) never exceed the true ones, and the bounds never exceed the true driving time from the start or
// to the end (admissible), also over the fewer roads a rig may use, and never drop by more than an arc's time along it
// (consistent, as NBA* needs).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { RoadEdge } from '@/lib/roads/edge';
import { EdgeTable } from '@/lib/roads/edge-table';
import { buildArcs } from '@/lib/roads/router/arcs';
import { type EndLink, landmarkBounds } from '@/lib/roads/router/landmark-bounds';
import { chooseLandmarks } from '@/lib/roads/router/landmarks';
import { gridTown, plainEdge, street } from './support/grid-town';
import { dijkstra } from './support/oracle';

const SEED = Number(process.env.PROPERTY_SEED ?? 20261127);
const EPSILON = 1e-9;

const endLinks = fc.array(fc.record({ node: fc.nat(), seconds: fc.double({ min: 0, max: 30, noNaN: true }) }), { minLength: 1, maxLength: 3 });

const testCase = fc.record({
  side: fc.integer({ min: 3, max: 6 }),
  streets: fc.array(street, { minLength: 72, maxLength: 72 }),
  landmarks: fc.integer({ min: 1, max: 6 }),
  exits: endLinks,
  entries: endLinks,
});

/** The true time from the start (its ways out) to `v`, or from `v` to the end (its ways in), over the usable edges. */
const viaLinks = (links: EndLink[], time: (node: number) => number | null) =>
  Math.min(...links.map((l) => (time(l.node) === null ? Infinity : l.seconds + time(l.node)!)));

describe('landmark bounds (ALT)', () => {
  it('never exceed the true time from the start or to the end, for every rig, and are consistent along every arc', async () => {
    await fc.assert(
      fc.asyncProperty(testCase, async (c) => {
        const n = c.side * c.side;
        const edges = gridTown(c.side, c.streets);
        const arcs = buildArcs(n, EdgeTable.of(edges));
        const landmarks = chooseLandmarks(arcs, c.landmarks);
        const exits = c.exits.map((l) => ({ ...l, node: l.node % n }));
        const entries = c.entries.map((l) => ({ ...l, node: l.node % n }));
        const { fromStart, toEnd } = landmarkBounds(landmarks, exits, entries);

        const closed = new Set(edges.filter((e) => e.closed).map((e) => e.id));
        for (const usable of [() => true, (e: RoadEdge) => !closed.has(e.id)]) {
          for (let v = 0; v < n; v++) {
            const fromTrue = viaLinks(exits, (x) => dijkstra(edges, usable, x, v));
            const toTrue = viaLinks(entries, (x) => dijkstra(edges, usable, v, x));
            expect(fromStart(v)).toBeLessThanOrEqual(fromTrue + EPSILON);
            expect(toEnd(v)).toBeLessThanOrEqual(toTrue + EPSILON);
          }
        }
        for (let u = 0; u < n; u++) {
          for (let a = arcs.out.start[u]; a < arcs.out.start[u + 1]; a++) {
            const [v, w] = [arcs.out.head[a], arcs.out.weight[a]];
            expect(fromStart(v)).toBeLessThanOrEqual(fromStart(u) + w + EPSILON);
            expect(toEnd(u)).toBeLessThanOrEqual(w + toEnd(v) + EPSILON);
          }
        }
        // The ways out and in themselves: the bound at their node is at most their time.
        for (const l of exits) expect(fromStart(l.node)).toBeLessThanOrEqual(l.seconds + EPSILON);
        for (const l of entries) expect(toEnd(l.node)).toBeLessThanOrEqual(l.seconds + EPSILON);
      }),
      { numRuns: Number(process.env.PROPERTY_RUNS ?? 60), seed: SEED },
    );
  }, 120_000);

  it('keep each time as a 32-bit float at most the true time, and within a thousandth of a second of it', async () => {
    await fc.assert(
      fc.asyncProperty(testCase, async (c) => {
        const n = c.side * c.side;
        const edges = gridTown(c.side, c.streets);
        const { nodes, times } = chooseLandmarks(buildArcs(n, EdgeTable.of(edges)), c.landmarks);
        const k = nodes.length;
        for (let i = 0; i < k; i++) {
          for (let v = 0; v < n; v++) {
            for (const [slot, exact] of [
              [0, dijkstra(edges, () => true, nodes[i], v)],
              [1, dijkstra(edges, () => true, v, nodes[i])],
            ] as const) {
              const kept = times[v * 2 * k + 2 * i + slot];
              if (exact === null) expect(kept).toBeNaN();
              else {
                expect(kept).toBeLessThanOrEqual(exact);
                expect(kept).toBeGreaterThan(exact - 1e-3);
              }
            }
          }
        }
      }),
      { numRuns: 30, seed: SEED },
    );
  }, 120_000);

  it('are exact along a one-way street to a landmark', async () => {
    // 0 → 1 → 2, one way, 100 m at 36 km/h each (10 s): the landmarks are the ends, so the bounds are the times.
    const edges = [0, 1].map((i) => ({ ...plainEdge, id: i, from: i, to: i + 1, oneway: 'forward' as const, lengthM: 100, speedKmh: 36 }));
    const landmarks = chooseLandmarks(buildArcs(3, EdgeTable.of(edges)), 2);
    const { fromStart, toEnd } = landmarkBounds(landmarks, [{ node: 0, seconds: 0 }], [{ node: 2, seconds: 0 }]);
    expect([0, 1, 2].map(fromStart)).toEqual([0, 10, 20]);
    expect([0, 1, 2].map(toEnd)).toEqual([20, 10, 0]);
  });
});
