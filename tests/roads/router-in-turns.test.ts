// What a serving process builds before it routes (its graph, snapping index and landmarks) is built in steps that
// give the event loop a turn (lib/core/steps.ts), with no clock in the test: the number of turns taken is counted
// against the work's size, and the index whose tree is sorted in a worker thread finds what the one built at once
// finds. On the OSM ways around Gothenburg (© OpenStreetMap contributors, ODbL; see support/gothenburg.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mulberry32 } from '@/lib/places/dataset/prng';
import { fillInSteps, runSteps, runStepsInTurns, STEP_ITEMS, type Steps, type Turns, turnsOf } from '@/lib/core/steps';
import { EdgeTable } from '@/lib/roads/edge-table';
import { arcSteps } from '@/lib/roads/router/arcs';
import { NodeLists } from '@/lib/roads/router/ch/node-lists';
import { buildGraph } from '@/lib/roads/router/graph';
import { GraphRouter } from '@/lib/roads/router/graph-router';
import { landmarkSteps } from '@/lib/roads/router/landmarks';
import { EdgeIndex } from '@/lib/roads/router/snap';
import { SqliteRoadStore } from '@/lib/roads/store/sqlite/store';
import type { LoadedNetwork } from '@/lib/roads/store/types';
import { PRESET_VEHICLES } from '@/lib/roads/vehicle';
import { plainEdge } from './support/grid-town';
import { gothenburgStore } from './support/gothenburg';

let gothenburg: Awaited<ReturnType<typeof gothenburgStore>>;
let store: SqliteRoadStore;
let network: LoadedNetwork;

beforeAll(async () => {
  gothenburg = await gothenburgStore('router-in-turns');
  ({ store, network } = gothenburg);
});

afterAll(() => gothenburg?.close());

/** How many times the steps yield before their end. */
function yieldsOf<T>(steps: Steps<T>): number {
  let yields = 0;
  while (!steps.next().done) yields++;
  return yields;
}

/** A path of `n` nodes, each joined to the next both ways. */
const pathEdges = (n: number) => Array.from({ length: n - 1 }, (_, id) => ({ ...plainEdge, id, from: id, to: id + 1, oneway: 'both' as const, lengthM: 100, speedKmh: 50 }));

describe('work in steps', () => {
  it('runs to the same end at once and in turns, and stops when a turn says it is no longer wanted', async () => {
    function* counting(n: number): Steps<number> {
      for (let i = 0; i < n; i++) yield;
      return n;
    }
    expect(runSteps(counting(5))).toBe(5);
    let turnsGiven = 0;
    const everyStep: Turns = { due: () => true, give: async () => (++turnsGiven, true) };
    expect(await runStepsInTurns(counting(5), everyStep)).toBe(5);
    expect(turnsGiven).toBe(5);

    let cleanedUp = false;
    function* endless(): Steps<never> {
      try {
        for (;;) yield;
      } finally {
        cleanedUp = true;
      }
    }
    expect(await runStepsInTurns(endless(), { due: () => true, give: async () => false })).toBeNull();
    expect(cleanedUp).toBe(true);
  });

  it('gives a turn once a slice has lasted its length on the clock it is given', async () => {
    let now = 0;
    const turns = turnsOf(50, async () => true, () => now);
    now = 49;
    expect(turns.due()).toBe(false);
    now = 50;
    expect(turns.due()).toBe(true);
    expect(await turns.give()).toBe(true);
    expect(turns.due()).toBe(false);
    expect(await turnsOf(50, async () => false, () => now).give()).toBe(false);
  });
});

describe('what a router builds before it routes, in steps', () => {
  it('yields at least once per few thousand nodes or edges in every loop over the network', () => {
    const n = 6 * STEP_ITEMS;
    const edges = EdgeTable.of(pathEdges(n));
    // Two passes over the edges, each yielding every STEP_ITEMS of them.
    expect(yieldsOf(arcSteps(n, edges))).toBeGreaterThanOrEqual((2 * edges.length) / STEP_ITEMS);
    const arcs = runSteps(arcSteps(n, edges));
    // Each landmark: two searches that settle every node, each copied out, and the round trips: 5 passes over the nodes.
    expect(yieldsOf(landmarkSteps(arcs, 2))).toBeGreaterThanOrEqual((2 * 5 * n) / STEP_ITEMS);
    // What the contraction makes before its first node: the lists per node (one pass each) and its distances.
    expect(yieldsOf(NodeLists.inSteps(n, () => 2))).toBeGreaterThanOrEqual(n / STEP_ITEMS);
    const distances = new Float64Array(n);
    expect(yieldsOf(fillInSteps(distances, Infinity))).toBeGreaterThanOrEqual(n / STEP_ITEMS);
    expect(distances.every((d) => d === Infinity)).toBe(true);
  });

  it('puts each arc where a plain sort of the arcs by their tail (and, turned round, their head) puts it', () => {
    const { arcs } = buildGraph(network);
    // Every arc in the edges' order, an edge's forward arc first; a stable sort groups them by node.
    const listed = network.edges.toArray().flatMap((e) => {
      if (e.from === e.to) return [];
      const s = e.lengthM / (e.speedKmh / 3.6);
      return [...(e.oneway !== 'backward' ? [{ tail: e.from, head: e.to, edge: e.id, forward: 1, s }] : []), ...(e.oneway !== 'forward' ? [{ tail: e.to, head: e.from, edge: e.id, forward: 0, s }] : [])];
    });
    const byTail = [...listed].sort((a, b) => a.tail - b.tail);
    expect(Array.from(arcs.out.head)).toEqual(byTail.map((a) => a.head));
    expect(Array.from(arcs.out.edge)).toEqual(byTail.map((a) => a.edge));
    expect(Array.from(arcs.out.forward)).toEqual(byTail.map((a) => a.forward));
    const byHead = [...listed].sort((a, b) => a.head - b.head);
    expect(Array.from(arcs.in.head)).toEqual(byHead.map((a) => a.tail));
    expect(Array.from(arcs.in.edge)).toEqual(byHead.map((a) => a.edge));
    const perNode = new Array<number>(arcs.nodeCount).fill(0);
    for (const a of listed) perNode[a.tail]++;
    expect(Array.from(arcs.out.start.subarray(1), (end, v) => end - arcs.out.start[v])).toEqual(perNode);
  });

  it('finds the same nearest roads with its tree sorted in a worker thread as with the tree built at once', async () => {
    const atOnce = new EdgeIndex(network.edges);
    const inTurns = (await EdgeIndex.inTurns(network.edges, { due: () => true, give: async () => true }, 0))!;
    const [minLon, minLat] = network.edges.geometry(0)[0];
    const random = mulberry32(5);
    const always = () => true;
    for (let i = 0; i < 300; i++) {
      const point: [number, number] = [minLon + (random() - 0.5) * 0.2, minLat + (random() - 0.5) * 0.1];
      expect(inTurns.nearest(point, 5_000, always)).toEqual(atOnce.nearest(point, 5_000, always));
    }
  });

  it('lets a router closed while it builds its graph let go of the warm-up, and routes then on a fresh one', async () => {
    const closing = new GraphRouter(store);
    const warming = closing.warm();
    await closing.close();
    await expect(warming).resolves.toBeUndefined();

    const router = new GraphRouter(store);
    await router.warm();
    const [a, b] = [network.edges.geometry(10)[0], network.edges.geometry(500)[0]];
    expect((await router.route(a, b, PRESET_VEHICLES.car)).kind).toBe('route');
    await router.close();
  });
});
