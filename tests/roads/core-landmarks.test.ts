// Landmarks on a contraction hierarchy's core (lib/roads/router/ch/core-landmarks.ts), on generated grid towns with
// one-way streets and streets a rig may not use, the whole town or part of it left as the core: the crossing's
// potential is consistent on every core arc (no reduced time below zero, so both sides' searches stay exact), and
// queries with few landmarks (each bounding many nodes) find the time a plain Dijkstra finds between every pair.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { runSteps } from '@/lib/core/steps';
import { EdgeTable } from '@/lib/roads/edge-table';
import { buildArcs } from '@/lib/roads/router/arcs';
import { contractHierarchy } from '@/lib/roads/router/ch/contract';
import { CoreLandmarks } from '@/lib/roads/router/ch/core-landmarks';
import { HierarchyQuery } from '@/lib/roads/router/ch/query';
import { gridTown, street } from './support/grid-town';
import { dijkstra } from './support/oracle';

const SEED = Number(process.env.PROPERTY_SEED ?? 20261206);
const EPSILON = 1e-6;

const testCase = fc.record({
  side: fc.integer({ min: 3, max: 7 }),
  streets: fc.array(street, { minLength: 98, maxLength: 98 }),
  // The whole town a core, or the densest part of it.
  coreArcsPerNode: fc.constantFrom(0, 1.5, 2.5),
  landmarks: fc.integer({ min: 2, max: 4 }),
  // Entries of each side: core nodes by a fraction of the core, with the time a climb reached them in.
  entries: fc.array(fc.tuple(fc.double({ min: 0, max: 0.999, noNaN: true }), fc.integer({ min: 0, max: 600 }), fc.boolean()), { minLength: 2, maxLength: 8 }),
});


describe('landmarks on a hierarchy’s core', () => {
  it('give each crossing a potential under which no core arc’s reduced time is below zero', () => {
    fc.assert(
      fc.property(testCase, (c) => {
        const n = c.side * c.side;
        const edges = gridTown(c.side, c.streets);
        const h = contractHierarchy(buildArcs(n, EdgeTable.of(edges)), { coreArcsPerNode: c.coreArcsPerNode });
        const landmarks = runSteps(CoreLandmarks.inSteps(h, c.landmarks));
        if (!landmarks) return;
        const core = Array.from({ length: n }, (_, v) => v).filter((v) => h.rank[v] >= h.coreFrom);
        const sources = { nodes: [] as number[], dist: new Float64Array(n) };
        const targets = { nodes: [] as number[], dist: new Float64Array(n) };
        for (const [at, seconds, isSource] of c.entries) {
          const side = isSource ? sources : targets;
          const node = core[Math.floor(at * core.length)];
          if (side.nodes.includes(node)) continue;
          side.nodes.push(node);
          side.dist[node] = seconds;
        }
        if (!sources.nodes.length || !targets.nodes.length) return;
        const potential = landmarks.potential(h.rank);
        potential.reset({ nodes: sources.nodes, side: { time: (v) => sources.dist[v] } }, { nodes: targets.nodes, side: { time: (v) => targets.dist[v] } });
        for (const u of core) {
          for (let i = h.up.start[u]; i < h.up.start[u + 1]; i++) {
            const v = h.up.head[i];
            expect(h.up.weight[i] - potential.at(u) + potential.at(v), `${u} → ${v}`).toBeGreaterThanOrEqual(-EPSILON);
          }
        }
      }),
      { numRuns: Number(process.env.PROPERTY_RUNS ?? 25) * 4, seed: SEED },
    );
  });

  it('steer queries that find the time a plain Dijkstra finds between every pair, with two to four landmarks', () => {
    fc.assert(
      fc.property(testCase, (c) => {
        const n = c.side * c.side;
        const edges = gridTown(c.side, c.streets);
        const arcs = buildArcs(n, EdgeTable.of(edges));
        const rig = (a: number) => !edges[arcs.out.edge[a]].closed;
        for (const [usableEdge, usableArc] of [[() => true, undefined], [(e: (typeof edges)[number]) => !e.closed, rig]] as const) {
          const query = HierarchyQuery.of(contractHierarchy(arcs, { usable: usableArc, coreArcsPerNode: c.coreArcsPerNode }), c.landmarks);
          for (let from = 0; from < n; from++) {
            for (let to = 0; to < n; to++) {
              const expected = dijkstra(edges, usableEdge, from, to);
              const route = query.route(from, to);
              if (expected === null) expect(route, `${from} → ${to}`).toBeNull();
              else expect(Math.abs(route!.seconds - expected), `${from} → ${to}`).toBeLessThan(EPSILON);
            }
          }
        }
      }),
      { numRuns: Number(process.env.PROPERTY_RUNS ?? 25), seed: SEED },
    );
  }, 120_000);
});
