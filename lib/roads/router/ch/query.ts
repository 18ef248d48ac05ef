import FlatQueue from 'flatqueue';
import type { Hierarchy, HierarchyArcs } from './contract';

export interface HierarchyRoute {
  seconds: number;
  /** The network's out-arcs driven, in order (indexes into `ArcSets.out`). */
  arcs: number[];
  /** The entry the route leaves from and the one it arrives at (of those given to `routeBetween`). */
  source: number;
  target: number;
}

/** A node a route may start or end at, with the time it takes to reach it from the start (or the end from it). */
export interface Entry {
  node: number;
  seconds: number;
}

/** Per limit profile, 1 when the vehicle may drive it; null: every profile (the fastest route on every road). */
export type AllowedProfiles = Uint8Array | null;

/** One direction's search state, reset by the nodes it touched rather than by clearing whole arrays. */
class Side {
  readonly dist: Float64Array;
  readonly via: Int32Array;
  /** The node each node was reached from (the hierarchy keeps no ends per arc: a country's would take 0.8 GB). */
  readonly prev: Int32Array;
  readonly queue = new FlatQueue<number>();
  private readonly touched: number[] = [];

  constructor(n: number) {
    this.dist = new Float64Array(n).fill(Infinity);
    this.via = new Int32Array(n).fill(-1);
    this.prev = new Int32Array(n).fill(-1);
  }

  reset(entries: readonly Entry[]) {
    for (const v of this.touched) {
      this.dist[v] = Infinity;
      this.via[v] = -1;
    }
    this.touched.length = 0;
    this.queue.clear();
    for (const { node, seconds } of entries) if (seconds < this.dist[node]) this.reach(node, seconds, -1, -1);
  }

  reach(v: number, d: number, arc: number, from: number) {
    if (this.dist[v] === Infinity) this.touched.push(v);
    this.dist[v] = d;
    this.via[v] = arc;
    this.prev[v] = from;
    this.queue.push(v, d);
  }
}

/**
 * Routes on a contraction hierarchy: a Dijkstra up the ranks (and across the core) from each end at once, stopped
 * when neither side can better the best meeting found; then the shortcuts on the way are unpacked into the network's
 * arcs. One query at a time per instance (its arrays are reused).
 */
export class HierarchyQuery {
  private readonly forward: Side;
  private readonly backward: Side;

  constructor(private readonly h: Hierarchy) {
    this.forward = new Side(h.nodeCount);
    this.backward = new Side(h.nodeCount);
  }

  route(from: number, to: number, allowed: AllowedProfiles = null): HierarchyRoute | null {
    return this.routeBetween([{ node: from, seconds: 0 }], [{ node: to, seconds: 0 }], allowed);
  }

  /**
   * The fastest route from any of `sources` to any of `targets`, counting each entry's own time: the two ends of the
   * road a point between junctions lies on, each with the time to drive there from the point (or on to it). With
   * `allowed`, only through the limit profiles it allows (a vehicle's legal route).
   */
  routeBetween(sources: readonly Entry[], targets: readonly Entry[], allowed: AllowedProfiles = null): HierarchyRoute | null {
    const { forward, backward, h } = this;
    const { profileStart, profiles, rank, coreFrom } = h;
    const usable = (arc: number) => {
      if (!allowed) return true;
      for (let i = profileStart[arc]; i < profileStart[arc + 1]; i++) if (!allowed[profiles[i]]) return false;
      return true;
    };
    forward.reset(sources);
    backward.reset(targets);
    const meeting = { best: Infinity, node: -1 };
    const meetAt = (v: number, seconds: number) => {
      if (seconds < meeting.best) Object.assign(meeting, { best: seconds, node: v });
    };
    // An arc's number is its place in `up`, or in `down` after all of `up`'s.
    const downFrom = h.up.head.length;
    const forwardEntries: number[] = [];
    const backwardEntries: number[] = [];
    // Up the ranks below the core: each side stops at the core's nodes it reaches (its entries into the core).
    const climb = (side: Side, other: Side, arcs: HierarchyArcs, from: number, against: HierarchyArcs, againstFrom: number, entries: number[]) => {
      const d = side.queue.peekValue()!;
      const v = side.queue.pop()!;
      if (d > side.dist[v]) return;
      if (other.dist[v] !== Infinity) meetAt(v, d + other.dist[v]);
      if (rank[v] >= coreFrom) {
        entries.push(v);
        return;
      }
      if (stalled(side, v, d, against, againstFrom, usable)) return;
      for (let i = arcs.start[v]; i < arcs.start[v + 1]; i++) {
        if (!usable(from + i)) continue;
        const w = arcs.head[i];
        const nd = d + arcs.weight[i];
        if (nd < side.dist[w]) side.reach(w, nd, from + i, v);
      }
    };
    while (true) {
      const f = forward.queue.length ? forward.queue.peekValue()! : Infinity;
      const b = backward.queue.length ? backward.queue.peekValue()! : Infinity;
      if (Math.min(f, b) >= meeting.best) break;
      if (f <= b) climb(forward, backward, h.up, 0, h.down, downFrom, forwardEntries);
      else climb(backward, forward, h.down, downFrom, h.up, 0, backwardEntries);
    }
    if (forwardEntries.length && backwardEntries.length) {
      acrossCore(forward, backward, forwardEntries, backwardEntries, h, usable, meetAt, meeting);
    }
    if (meeting.node < 0) return null;
    const up = walk(forward, meeting.node);
    const down = walk(backward, meeting.node);
    const arcs: number[] = [];
    for (const a of [...up.arcs.reverse(), ...down.arcs]) expand(h, a, arcs);
    const entry = (entries: readonly Entry[], side: Side, node: number) => entries.findIndex((e) => e.node === node && e.seconds === side.dist[node]);
    return { seconds: meeting.best, arcs, source: entry(sources, forward, up.end), target: entry(targets, backward, down.end) };
  }
}

/**
 * Across the core, from the nodes each side reached it at (with their times), as one Dijkstra each way on a plain
 * graph (the core's arcs are in `up` and in `down` both). Both begin where the climbs left them, so they stop once
 * their next times add up to the best meeting, as a bidirectional Dijkstra does: about half the core's nodes settled
 * where each side alone would cross most of it (the check on the climbs cannot sum, as neither climbs down).
 */
function acrossCore(
  forward: Side,
  backward: Side,
  forwardEntries: number[],
  backwardEntries: number[],
  h: Hierarchy,
  usable: (arc: number) => boolean,
  meetAt: (v: number, seconds: number) => void,
  meeting: { best: number },
) {
  const downFrom = h.up.head.length;
  for (const [side, entries] of [[forward, forwardEntries], [backward, backwardEntries]] as const) {
    side.queue.clear();
    for (const v of entries) side.queue.push(v, side.dist[v]);
  }
  const step = (side: Side, other: Side, arcs: HierarchyArcs, from: number) => {
    const d = side.queue.peekValue()!;
    const v = side.queue.pop()!;
    if (d > side.dist[v]) return;
    if (other.dist[v] !== Infinity) meetAt(v, d + other.dist[v]);
    for (let i = arcs.start[v]; i < arcs.start[v + 1]; i++) {
      if (!usable(from + i)) continue;
      const w = arcs.head[i];
      const nd = d + arcs.weight[i];
      if (nd >= side.dist[w]) continue;
      side.reach(w, nd, from + i, v);
      if (other.dist[w] !== Infinity) meetAt(w, nd + other.dist[w]);
    }
  };
  while (true) {
    const f = forward.queue.length ? forward.queue.peekValue()! : Infinity;
    const b = backward.queue.length ? backward.queue.peekValue()! : Infinity;
    if (f + b >= meeting.best) break;
    if (f <= b) step(forward, backward, h.up, 0);
    else step(backward, forward, h.down, downFrom);
  }
}

/**
 * Stall on demand: v's distance on this side is not its shortest when a higher node reached by the same search leads to
 * it in less (the arcs `against` this side's direction show those), so its arcs need not be followed. A route's
 * search meets at the same highest node with far fewer nodes settled.
 */
function stalled(side: Side, v: number, d: number, against: HierarchyArcs, from: number, usable: (arc: number) => boolean): boolean {
  for (let i = against.start[v]; i < against.start[v + 1]; i++) {
    if (side.dist[against.head[i]] + against.weight[i] < d && usable(from + i)) return true;
  }
  return false;
}

/** The hierarchy arcs a side's search came by to `from`, back to the entry it started at (whose `via` is -1). */
function walk({ via, prev }: Side, from: number): { arcs: number[]; end: number } {
  const arcs: number[] = [];
  let v = from;
  for (let a = via[v]; a >= 0; a = via[v]) {
    arcs.push(a);
    v = prev[v];
  }
  return { arcs, end: v };
}

/** A hierarchy arc's network arcs, in driving order (an explicit stack: shortcuts nest deep on long roads). */
function expand(h: Hierarchy, arc: number, into: number[]) {
  const stack = [arc];
  while (stack.length) {
    const a = stack.pop()!;
    if (h.first[a] < 0) into.push(-1 - h.first[a]);
    else stack.push(h.second[a], h.first[a]);
  }
}
