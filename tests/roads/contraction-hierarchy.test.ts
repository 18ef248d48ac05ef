// The contraction hierarchy (lib/roads/router/ch/) against a brute-force Dijkstra, on generated grid towns with
// one-way streets: the same time between every pair of nodes, for a car and for a rig that may not use some streets,
// and a route that is a chain of the network's arcs from the start to the end adding up to that time.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { RoadEdge } from '@/lib/roads/edge';
import { buildArcs } from '@/lib/roads/router/arcs';
import { contractHierarchy } from '@/lib/roads/router/ch/contract';
import { HierarchyQuery } from '@/lib/roads/router/ch/query';
import { gridTown, street } from './support/grid-town';
import { dijkstra } from './support/oracle';

const SEED = Number(process.env.PROPERTY_SEED ?? 20261203);
const EPSILON = 1e-6;

const testCase = fc.record({
  side: fc.integer({ min: 2, max: 6 }),
  streets: fc.array(street, { minLength: 72, maxLength: 72 }),
  witnessSettled: fc.constantFrom(1, 5, 60),
});

describe('a contraction hierarchy', () => {
  it('finds the time a plain Dijkstra finds between every pair, for a car and a rig, by a chain of arcs', () => {
    fc.assert(
      fc.property(testCase, (c) => {
        const n = c.side * c.side;
        const edges = gridTown(c.side, c.streets);
        const arcs = buildArcs(n, edges);
        const closed = new Set(edges.filter((e) => e.closed).map((e) => e.id));
        const rigs: [(e: RoadEdge) => boolean, ((a: number) => boolean) | undefined][] = [
          [() => true, undefined],
          [(e) => !closed.has(e.id), (a) => !closed.has(arcs.out.edge[a])],
        ];
        for (const [usableEdge, usableArc] of rigs) {
          const query = new HierarchyQuery(contractHierarchy(arcs, { usable: usableArc, witnessSettled: c.witnessSettled }));
          for (let from = 0; from < n; from++) {
            for (let to = 0; to < n; to++) {
              const expected = dijkstra(edges, usableEdge, from, to);
              const route = query.route(from, to);
              if (expected === null) {
                expect(route, `${from} → ${to}`).toBeNull();
                continue;
              }
              expect(route, `${from} → ${to}`).not.toBeNull();
              expect(Math.abs(route!.seconds - expected)).toBeLessThan(EPSILON);
              let at = from;
              let total = 0;
              for (const a of route!.arcs) {
                expect(arcs.out.start[at] <= a && a < arcs.out.start[at + 1], `arc ${a} leaves ${at}`).toBe(true);
                expect(usableEdge(edges[arcs.out.edge[a]])).toBe(true);
                total += arcs.out.weight[a];
                at = arcs.out.head[a];
              }
              expect(at).toBe(to);
              expect(Math.abs(total - expected)).toBeLessThan(EPSILON);
            }
          }
        }
      }),
      { numRuns: Number(process.env.PROPERTY_RUNS ?? 25), seed: SEED },
    );
  }, 120_000);
});
