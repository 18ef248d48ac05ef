// Landmarks on a contraction hierarchy's core (lib/roads/router/ch/core-landmarks.ts), on generated grid towns with
// one-way streets, the whole town or part of it left as the core: the crossing's potential is consistent on every
// core arc (no reduced time below zero, so both sides' searches stay exact). Queries steered by 2, 3 or 16 landmarks
// are checked against a plain Dijkstra in contraction-hierarchy.test.ts.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { runSteps } from '@/lib/core/steps';
import { EdgeTable } from '@/lib/roads/edge-table';
import { buildArcs } from '@/lib/roads/router/arcs';
import { contractHierarchy } from '@/lib/roads/router/ch/contract';
import { CoreLandmarks } from '@/lib/roads/router/ch/core-landmarks';
import { gridTown, street } from './support/grid-town';

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
        const potential = landmarks.potential();
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
});
