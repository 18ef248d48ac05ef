import FlatQueue from 'flatqueue';
import { runSteps, type Steps } from '@/lib/core/steps';
import type { Hierarchy, HierarchyArcs } from './contract';
import { CORE_LANDMARKS, CoreLandmarks, type CorePotential } from './core-landmarks';
import { ReachedNodes } from './reached-nodes';

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

/** One direction's search: the nodes it reached and its queue. */
class Side {
  readonly reached = new ReachedNodes();
  readonly queue = new FlatQueue<number>();

  reset(entries: readonly Entry[]) {
    this.reached.clear();
    this.queue.clear();
    for (const { node, seconds } of entries) if (seconds < this.time(node)) this.reach(node, seconds, -1, -1);
  }

  /** The time the side reached the node in (Infinity: not reached). */
  time(v: number): number {
    return this.reached.time(v);
  }

  /** Reaches v in time d by `arc` from `from`, queued by `key` (its time, or its time and a potential). */
  reach(v: number, d: number, arc: number, from: number, key = d) {
    this.reached.set(v, d, arc, from);
    this.queue.push(v, key);
  }

  /** The time of the next node this side settles (Infinity: none left). */
  nextTime(): number {
    return this.queue.length ? this.queue.peekValue()! : Infinity;
  }

  /** Takes the next node off the queue: it, or -1 when it was reached sooner since (the entry is stale). */
  settleNext(): number {
    const d = this.queue.peekValue()!;
    const v = this.queue.pop()!;
    return d > this.time(v) ? -1 : v;
  }
}

/** One direction of a query: its side, the other side, the arcs it follows and those against it, each numbered from its offset. */
interface Way {
  side: Side;
  other: Side;
  arcs: HierarchyArcs;
  from: number;
  against: HierarchyArcs;
  againstFrom: number;
  /** The core's nodes this side's climb reached, where it crosses the core from. */
  entries: number[];
}

/** The best meeting of the two sides found so far. */
class Meeting {
  seconds = Infinity;
  node = -1;

  offer(v: number, seconds: number) {
    if (seconds < this.seconds) {
      this.seconds = seconds;
      this.node = v;
    }
  }
}

/** Settles a node of whichever way's next one is sooner (forward on a tie), until `done` says so of their next times. */
function inTurns(forward: Way, backward: Way, done: (f: number, b: number) => boolean, settle: (way: Way) => void) {
  for (;;) {
    const f = forward.side.nextTime();
    const b = backward.side.nextTime();
    if (done(f, b)) return;
    settle(f <= b ? forward : backward);
  }
}

/**
 * Routes on a contraction hierarchy: a Dijkstra up the ranks (and across the core, steered by its landmarks) from each end at once, stopped
 * when neither side can better the best meeting found; then the shortcuts on the way are unpacked into the network's
 * arcs. One query at a time per instance (its arrays are reused).
 */
export class HierarchyQuery {
  static of(h: Hierarchy, coreLandmarks = CORE_LANDMARKS): HierarchyQuery {
    return runSteps(HierarchyQuery.inSteps(h, coreLandmarks));
  }

  /** The same, made in steps (a serving process makes it in turns). */
  static *inSteps(h: Hierarchy, coreLandmarks = CORE_LANDMARKS): Steps<HierarchyQuery> {
    const landmarks = yield* CoreLandmarks.inSteps(h, coreLandmarks);
    return new HierarchyQuery(h, new Side(), new Side(), landmarks?.potential() ?? null);
  }

  private constructor(
    private readonly h: Hierarchy,
    private readonly forward: Side,
    private readonly backward: Side,
    /** Steers the core's crossing (null: a core too small for landmarks, or none). */
    private readonly corePotential: CorePotential | null,
  ) {}

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
    const meeting = new Meeting();
    // An arc's number is its place in `up`, or in `down` after all of `up`'s.
    const downFrom = h.up.head.length;
    const ways: [Way, Way] = [
      { side: forward, other: backward, arcs: h.up, from: 0, against: h.down, againstFrom: downFrom, entries: [] },
      { side: backward, other: forward, arcs: h.down, from: downFrom, against: h.up, againstFrom: 0, entries: [] },
    ];
    // Up the ranks below the core: each side stops at the core's nodes it reaches (its entries into the core).
    const climb = ({ side, other, arcs, from, against, againstFrom, entries }: Way) => {
      const v = side.settleNext();
      if (v < 0) return;
      const d = side.time(v);
      const across = other.time(v);
      if (across !== Infinity) meeting.offer(v, d + across);
      if (rank[v] >= coreFrom) {
        entries.push(v);
        return;
      }
      if (stalled(side, v, d, against, againstFrom, usable)) return;
      for (let i = arcs.start[v]; i < arcs.start[v + 1]; i++) {
        if (!usable(from + i)) continue;
        const w = arcs.head[i];
        const nd = d + arcs.weight[i];
        if (nd < side.time(w)) side.reach(w, nd, from + i, v);
      }
    };
    inTurns(...ways, (f, b) => Math.min(f, b) >= meeting.seconds, climb);
    if (ways.every((way) => way.entries.length)) acrossCore(ways, usable, meeting, this.corePotential);
    if (meeting.node < 0) return null;
    const up = walk(forward, meeting.node);
    const down = walk(backward, meeting.node);
    const arcs: number[] = [];
    for (const a of [...up.arcs.reverse(), ...down.arcs]) expand(h, a, arcs);
    const entry = (entries: readonly Entry[], side: Side, node: number) => entries.findIndex((e) => e.node === node && e.seconds === side.time(node));
    return { seconds: meeting.seconds, arcs, source: entry(sources, forward, up.end), target: entry(targets, backward, down.end) };
  }
}

/**
 * Across the core, from the nodes each side reached it at (with their times), as one search each way on a plain
 * graph (the core's arcs are in `up` and in `down` both). Both begin where the climbs left them and stop once their
 * next keys add up to the best meeting, as a bidirectional Dijkstra does. With a potential (landmarks on the core)
 * each side's key is its time plus (forward) or less (backward) the potential, which steers both towards each other;
 * without, its time: then about half the core's nodes are settled on a long route.
 */
function acrossCore(ways: [Way, Way], usable: (arc: number) => boolean, meeting: Meeting, potential: CorePotential | null) {
  const [forward, backward] = ways;
  potential?.reset({ nodes: forward.entries, side: forward.side }, { nodes: backward.entries, side: backward.side });
  const keyOf = (sign: number, v: number, d: number) => (potential ? d + sign * potential.at(v) : d);
  for (const [sign, { side, entries }] of [[1, forward], [-1, backward]] as const) {
    side.queue.clear();
    for (const v of entries) side.queue.push(v, keyOf(sign, v, side.time(v)));
  }
  const step = (way: Way) => {
    const { side, other, arcs, from } = way;
    const sign = way === forward ? 1 : -1;
    const key = side.queue.peekValue()!;
    const v = side.queue.pop()!;
    const d = side.time(v);
    if (key > keyOf(sign, v, d)) return;
    const across = other.time(v);
    if (across !== Infinity) meeting.offer(v, d + across);
    for (let i = arcs.start[v]; i < arcs.start[v + 1]; i++) {
      if (!usable(from + i)) continue;
      const w = arcs.head[i];
      const nd = d + arcs.weight[i];
      if (nd >= side.time(w)) continue;
      side.reach(w, nd, from + i, v, keyOf(sign, w, nd));
      const beyond = other.time(w);
      if (beyond !== Infinity) meeting.offer(w, nd + beyond);
    }
  };
  // The potentials' sums round differently from the times': a hair of slack keeps the stop from coming a rounding early.
  const stopAt = potential ? 1 + 1e-9 : 1;
  inTurns(forward, backward, (f, b) => f + b >= meeting.seconds * stopAt, step);
}

/**
 * Stall on demand: v's distance on this side is not its shortest when a higher node reached by the same search leads to
 * it in less (the arcs `against` this side's direction show those), so its arcs need not be followed. A route's
 * search meets at the same highest node with far fewer nodes settled.
 */
function stalled(side: Side, v: number, d: number, against: HierarchyArcs, from: number, usable: (arc: number) => boolean): boolean {
  for (let i = against.start[v]; i < against.start[v + 1]; i++) {
    if (side.time(against.head[i]) + against.weight[i] < d && usable(from + i)) return true;
  }
  return false;
}

/** The hierarchy arcs a side's search came by to `from`, back to the entry it started at (whose `via` is -1). */
function walk({ reached }: Side, from: number): { arcs: number[]; end: number } {
  const arcs: number[] = [];
  let v = from;
  for (let a = reached.via(v); a >= 0; a = reached.via(v)) {
    arcs.push(a);
    v = reached.prev(v);
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
