import FlatQueue from 'flatqueue';
import { float32Before, float32Below } from '@/lib/core/float32';
import { runSteps, STEP_ITEMS, type Steps } from '@/lib/core/steps';
import type { Arcs } from './arcs';

/** How many landmarks a network gets: each adds 8 bytes per node and two one-to-all searches to the warm-up. */
export const LANDMARK_COUNT = 12;

/**
 * Driving times to and from a few landmarks chosen far apart (ALT: A*, Landmarks, Triangle inequality), for the
 * search's heuristic. `times[v * 2k + 2i]` is the time from landmark i to node v, `times[v * 2k + 2i + 1]` from v to
 * landmark i, NaN where there is no way. They are measured on every drivable road at its plain time, so for any
 * vehicle (which may use fewer roads, some at a penalty) they still give lower bounds, by the triangle inequality:
 * time(a → b) ≥ time(L → b) − time(L → a) and ≥ time(a → L) − time(b → L).
 *
 * The times are 32-bit floats (a country's 12 landmarks take 1.1 GiB, not 2.2), each sum of the searches that measure
 * them rounded down: a time is then at most the true one, and along every arc it grows by at most the arc's time, so
 * the triangle inequality, and with it the bounds and their consistency, holds for the rounded times exactly.
 */
export interface Landmarks {
  nodes: Uint32Array;
  times: Float32Array;
}

/** Arcs with their times, forwards and backwards, as the landmarks' searches read them (a network's, or a hierarchy's core). */
export interface TimedArcSets {
  nodeCount: number;
  out: Pick<Arcs, 'start' | 'head' | 'weight'>;
  in: Pick<Arcs, 'start' | 'head' | 'weight'>;
}

/**
 * Landmarks by farthest-point selection: the first is the node farthest from a node of the largest connected part of
 * the network, each next one the node whose round trip to its nearest landmark so far is the longest. Each one costs
 * two one-to-all Dijkstra searches over the arcs (the preprocessing ngraph.path has no function for).
 */
export function chooseLandmarks(arcs: TimedArcSets, count: number): Landmarks {
  return runSteps(landmarkSteps(arcs, count));
}

/** `chooseLandmarks` in steps of a few thousand nodes, for a server to run in turns. */
export function* landmarkSteps(arcs: TimedArcSets, count: number): Steps<Landmarks> {
  const n = arcs.nodeCount;
  const k = Math.min(count, n);
  const times = new Float32Array(n * 2 * k);
  const nodes = new Uint32Array(k);
  const search = new OneToAll(arcs);
  if (k === 0) return { nodes, times };

  let first = farthest(yield* search.run(arcs.out, yield* largestPartNode(arcs)));
  const nearest = new Float64Array(n).fill(Infinity);
  for (let i = 0; i < k; i++) {
    nodes[i] = first;
    for (const [arcsOf, slot] of [[arcs.out, 0], [arcs.in, 1]] as const) {
      const dist = yield* search.run(arcsOf, first);
      for (let v = 0; v < n; v++) {
        times[v * 2 * k + 2 * i + slot] = dist[v];
        if (v % STEP_ITEMS === 0) yield;
      }
    }
    for (let v = 0; v < n; v++) {
      const roundTrip = times[v * 2 * k + 2 * i] + times[v * 2 * k + 2 * i + 1];
      // A node without a way to or from this landmark is not a candidate: landmarks stay in one strongly connected part.
      nearest[v] = roundTrip < nearest[v] ? roundTrip : Number.isNaN(roundTrip) ? -1 : nearest[v];
      if (v % STEP_ITEMS === 0) yield;
    }
    first = farthest(nearest);
  }
  return { nodes, times };
}

/** The node with the largest finite value (NaN and Infinity are not). */
function farthest(values: Float64Array): number {
  let best = 0;
  let bestValue = -1;
  for (let v = 0; v < values.length; v++) {
    if (values[v] > bestValue && values[v] !== Infinity) [best, bestValue] = [v, values[v]];
  }
  return best;
}

/** A node of the largest part of the network joined by roads (either way), so islands do not take landmarks. */
function* largestPartNode({ nodeCount, out }: TimedArcSets): Steps<number> {
  const parent = new Uint32Array(nodeCount);
  for (let v = 0; v < nodeCount; v++) parent[v] = v;
  const root = (v: number): number => {
    while (parent[v] !== v) v = parent[v] = parent[parent[v]];
    return v;
  };
  for (let v = 0; v < nodeCount; v++) {
    for (let a = out.start[v]; a < out.start[v + 1]; a++) parent[root(out.head[a])] = root(v);
    if (v % STEP_ITEMS === 0) yield;
  }
  const size = new Uint32Array(nodeCount);
  let best = 0;
  for (let v = 0; v < nodeCount; v++) {
    if (++size[root(v)] > size[root(best)]) best = v;
    if (v % STEP_ITEMS === 0) yield;
  }
  return best;
}

/**
 * Dijkstra from one node to all over typed arrays, with flatqueue's binary heap (entries left stale are skipped). Its
 * sums are rounded down to 32-bit floats (`sumBelow`): a sum that only grows is all Dijkstra needs, and the times it
 * finds are kept in a Float32Array as they are.
 */
class OneToAll {
  private readonly dist: Float64Array;
  private readonly queue: FlatQueue<number>;

  constructor(arcs: TimedArcSets) {
    this.dist = new Float64Array(arcs.nodeCount);
    this.queue = new FlatQueue<number>(arcs.out.head.length + 1, Float64Array, Uint32Array);
  }

  /** Times from `source` over `arcs`, NaN where unreachable (the array is reused by the next run). */
  *run({ start, head, weight }: TimedArcSets['out'], source: number): Steps<Float64Array> {
    const { dist, queue } = this;
    dist.fill(Infinity);
    queue.clear();
    dist[source] = 0;
    queue.push(source, 0);
    for (let popped = 1; queue.length; popped++) {
      if (popped % STEP_ITEMS === 0) yield;
      const d = queue.peekValue()!;
      const v = queue.pop()!;
      if (d > dist[v]) continue;
      for (let a = start[v]; a < start[v + 1]; a++) {
        const next = sumBelow(d, weight[a]);
        if (next < dist[head[a]]) {
          dist[head[a]] = next;
          queue.push(head[a], next);
        }
      }
    }
    for (let v = 0; v < dist.length; v++) if (dist[v] === Infinity) dist[v] = NaN;
    return dist;
  }
}

/** The largest 32-bit float at most `d + w` (for a 32-bit float `d`, as every time here is): `next − d ≤ w` exactly. */
function sumBelow(d: number, w: number): number {
  const next = float32Below(d + w);
  // d + w in 64 bits may have rounded up onto a 32-bit float past the true sum.
  return next - d > w ? float32Before(next) : next;
}
