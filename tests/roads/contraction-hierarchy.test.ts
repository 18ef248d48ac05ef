// The contraction hierarchy (lib/roads/router/ch/) against a brute-force Dijkstra, on generated grid towns with
// one-way streets, with every node contracted or a core left (searched both ways): the same time between every pair
// of nodes, for a car and for a rig that may not use some streets, and a route that is a chain of the network's arcs
// from the start to the end adding up to that time.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { RoadEdge } from '@/lib/roads/edge';
import { EdgeTable } from '@/lib/roads/edge-table';
import { type ArcSets, buildArcs } from '@/lib/roads/router/arcs';
import { contractHierarchy } from '@/lib/roads/router/ch/contract';
import { HierarchyQuery } from '@/lib/roads/router/ch/query';
import { type Legal, routeBetweenSnaps } from '@/lib/roads/router/ch/snapped-route';
import type { Snap } from '@/lib/roads/router/snap';
import { seconds, type Traversal } from '@/lib/roads/router/traversal';
import { gridTown, street } from './support/grid-town';
import { dijkstra } from './support/oracle';

const SEED = Number(process.env.PROPERTY_SEED ?? 20261203);
const EPSILON = 1e-6;

const testCase = fc.record({
  side: fc.integer({ min: 2, max: 6 }),
  streets: fc.array(street, { minLength: 72, maxLength: 72 }),
  witnessSettled: fc.constantFrom(1, 5, 60),
  // Every node contracted; none (the whole town a core: a plain search both ways); a core of some.
  coreArcsPerNode: fc.constantFrom(Infinity, Infinity, 0, 1.5, 2.5),
  // Landmarks on the core that steer its crossing: as many as the server's, or few (each bounding many nodes).
  coreLandmarks: fc.constantFrom(16, 2, 3),
});

type TownEdge = ReturnType<typeof gridTown>[number];

/** What a car may use (every street: no filter for the hierarchy), then a rig (not the closed streets), as edges and as arcs. */
function carAndRig(edges: TownEdge[], arcs: ArcSets): [(e: TownEdge) => boolean, ((a: number) => boolean) | undefined][] {
  return [
    [() => true, undefined],
    [(e) => !e.closed, (a) => !edges[arcs.out.edge[a]].closed],
  ];
}

describe('a contraction hierarchy', () => {
  it('finds the time a plain Dijkstra finds between every pair, for a car and a rig, by a chain of arcs', () => {
    fc.assert(
      fc.property(testCase, (c) => {
        const n = c.side * c.side;
        const edges = gridTown(c.side, c.streets);
        const arcs = buildArcs(n, EdgeTable.of(edges));
        for (const [usableEdge, usableArc] of carAndRig(edges, arcs)) {
          const query = HierarchyQuery.of(contractHierarchy(arcs, { usable: usableArc, witnessSettled: c.witnessSettled, coreArcsPerNode: c.coreArcsPerNode }), c.coreLandmarks);
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

/** A town's closed streets carry one of three limit profiles (0, 1, 2); the others none. */
const profileOfStreet = (e: TownEdge) => (e.closed ? e.lengthM % 3 : -1);
/** Vehicles by the profiles they may drive: none of them, some, all. */
const ALLOWED_SETS = [[], [0], [1, 2], [0, 1, 2]];

describe('a contraction’s progress', () => {
  it('is told each twentieth of the nodes taken out, in order, up to all of them', () => {
    const side = 10;
    const edges = gridTown(side, fc.sample(street, { numRuns: 2 * side * side, seed: SEED }));
    const told: number[] = [];
    contractHierarchy(buildArcs(side * side, EdgeTable.of(edges)), { progress: (taken, of) => told.push(taken / of) });
    expect(told).toEqual(Array.from({ length: 20 }, (_, i) => (i + 1) / 20));
  });
});

describe('one contraction hierarchy for every vehicle, by limit profiles', () => {
  it('finds the time a plain Dijkstra finds over the streets each vehicle may drive, between every pair', () => {
    fc.assert(
      fc.property(testCase, (c) => {
        const n = c.side * c.side;
        const edges = gridTown(c.side, c.streets);
        const arcs = buildArcs(n, EdgeTable.of(edges));
        const query = HierarchyQuery.of(contractHierarchy(arcs, { profileOf: (a) => profileOfStreet(edges[arcs.out.edge[a]]), witnessSettled: c.witnessSettled, coreArcsPerNode: c.coreArcsPerNode }), c.coreLandmarks);
        for (const set of ALLOWED_SETS) {
          const allowed = Uint8Array.from([0, 1, 2], (p) => (set.includes(p) ? 1 : 0));
          const mayDrive = (e: TownEdge) => profileOfStreet(e) < 0 || set.includes(profileOfStreet(e));
          for (let from = 0; from < n; from++) {
            for (let to = 0; to < n; to++) {
              const expected = dijkstra(edges, mayDrive, from, to);
              const route = query.route(from, to, allowed);
              const label = `${from} → ${to} driving [${set}]`;
              if (expected === null) {
                expect(route, label).toBeNull();
                continue;
              }
              expect(route, label).not.toBeNull();
              expect(Math.abs(route!.seconds - expected), label).toBeLessThan(EPSILON);
              for (const a of route!.arcs) expect(mayDrive(edges[arcs.out.edge[a]]), label).toBe(true);
            }
          }
        }
      }),
      { numRuns: Number(process.env.PROPERTY_RUNS ?? 25), seed: SEED },
    );
  }, 120_000);
});

/** The town with each point on a road made a junction of its own (its road cut there); the points' nodes, in order. */
function cutAtPoints(edges: TownEdge[], nodeCount: number, points: { edge: number; fraction: number }[]) {
  let next = nodeCount;
  const cuts = new Map<number, Map<number, number>>();
  const nodes = points.map(({ edge, fraction }) => {
    const e = edges[edge];
    if (fraction === 0) return e.from;
    if (fraction === 1) return e.to;
    const onEdge = cuts.get(edge) ?? new Map<number, number>();
    cuts.set(edge, onEdge);
    if (!onEdge.has(fraction)) onEdge.set(fraction, next++);
    return onEdge.get(fraction)!;
  });
  const cut = edges.flatMap((e) => {
    const onEdge = cuts.get(e.id);
    if (!onEdge) return [e];
    const at = [[0, e.from], ...[...onEdge].sort(([a], [b]) => a - b), [1, e.to]];
    return at.slice(1).map(([f, node], i) => ({ ...e, from: at[i][1], to: node, lengthM: (f - at[i][0]) * e.lengthM }));
  });
  return { edges: cut, nodes };
}

const pointsCase = fc.record({
  side: fc.integer({ min: 2, max: 5 }),
  streets: fc.array(street, { minLength: 50, maxLength: 50 }),
  pairs: fc.array(fc.tuple(fc.nat(), fc.constantFrom(0, 0.25, 0.5, 1), fc.nat(), fc.constantFrom(0, 0.5, 0.75, 1)), { minLength: 6, maxLength: 6 }),
});

describe('a contraction hierarchy between points on roads', () => {
  it('finds the time a plain Dijkstra finds with the roads cut at the points, one-way streets and a rig’s closed roads honoured', () => {
    fc.assert(
      fc.property(pointsCase, (c) => {
        const n = c.side * c.side;
        const edges = gridTown(c.side, c.streets);
        if (!edges.length) return;
        const arcs = buildArcs(n, EdgeTable.of(edges));
        // A hierarchy per vehicle, then one for every vehicle by limit profiles (the router's), asked for the rig's legal route.
        const everyVehicle = HierarchyQuery.of(contractHierarchy(arcs, { profileOf: (a) => (edges[arcs.out.edge[a]].closed ? 0 : -1) }));
        const rigLegal = { allowed: Uint8Array.of(0), mayDrive: (t: Traversal) => t.from === t.to || !(t.edge as TownEdge).closed };
        const cases: [HierarchyQuery, (e: TownEdge) => boolean, Legal | null][] = [
          ...carAndRig(edges, arcs).map(([usableEdge, usableArc]): [HierarchyQuery, (e: TownEdge) => boolean, null] => [HierarchyQuery.of(contractHierarchy(arcs, { usable: usableArc })), usableEdge, null]),
          [everyVehicle, (e) => !e.closed, rigLegal],
        ];
        for (const [query, usableEdge, legal] of cases) {
          for (const [i, f, j, g] of c.pairs) {
            const [a, b] = [edges[i % edges.length], edges[j % edges.length]];
            // A point is snapped onto a road its vehicle may use (EdgeIndex prefers one).
            if (!usableEdge(a) || !usableEdge(b)) continue;
            const snap = (edge: RoadEdge, fraction: number): Snap => ({ edge, fraction, point: [0, 0], distanceM: 0 });
            const route = routeBetweenSnaps(query, snap(a, f), snap(b, g), legal);
            const town = cutAtPoints(edges, n, [{ edge: a.id, fraction: f }, { edge: b.id, fraction: g }]);
            const expected = dijkstra(town.edges, usableEdge, town.nodes[0], town.nodes[1]);
            const label = `edge ${a.id} at ${f} → edge ${b.id} at ${g}`;
            if (expected === null) {
              expect(route, label).toBeNull();
              continue;
            }
            expect(route, label).not.toBeNull();
            expect(Math.abs(route!.seconds - expected), label).toBeLessThan(EPSILON);
            // The parts add up: the start's piece of road, the arcs, the end's piece.
            const arcSeconds = route!.arcs.reduce((sum, arc) => sum + arcs.out.weight[arc], 0);
            expect(Math.abs(seconds(route!.start) + arcSeconds + (route!.end ? seconds(route!.end) : 0) - expected), label).toBeLessThan(EPSILON);
          }
        }
      }),
      { numRuns: Number(process.env.PROPERTY_RUNS ?? 40), seed: SEED },
    );
  }, 120_000);
});
