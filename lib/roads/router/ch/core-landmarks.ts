import FlatQueue from 'flatqueue';
import { STEP_ITEMS, type Steps } from '@/lib/core/steps';
import type { Hierarchy, HierarchyArcs } from './hierarchy';

/**
 * How many landmarks the core's bounds use. Measured on the 24.4M-edge grid's core (11,283 nodes, 100 long pairs):
 * see docs/trips.md, "Landmarks on the core".
 */
export const CORE_LANDMARKS = 16;

/**
 * Stands for "never": a time no route takes (2^30 s, 34 years). Times from and to the landmarks are capped at it
 * rather than left infinite, which keeps every bound a finite number (no Infinity - Infinity) and still a lower bound:
 * a capped time is a distance function of its own, so the bounds made from it stay consistent.
 */
const NEVER = 2 ** 30;

/**
 * Landmarks on a hierarchy's core, for a goal-directed crossing of it (core-ALT): the times from a few core nodes far
 * apart to every core node and back, on every road (a vehicle's legal route is never shorter, so they bound its
 * routes too). By the triangle inequality they give a lower bound of the time from a core node to the other side's
 * entries, and from this side's, which steers each side's search towards the other.
 */
export class CoreLandmarks {
  private constructor(
    /** The rank the core begins at: a core node's row is its rank less this. */
    private readonly coreFrom: number,
    readonly count: number,
    /** Row by row, `count` a row: the time from each landmark to the node. */
    private readonly fromLandmark: Float64Array,
    /** The time from the node to each landmark. */
    private readonly toLandmark: Float64Array,
  ) {}

  /** How many nodes the core has. */
  get size(): number {
    return this.fromLandmark.length / this.count;
  }

  /**
   * Chosen farthest first: each next landmark the core node whose time to and from the nearest chosen one is the
   * longest. Null when the core has fewer than two nodes. One search per step (10 to 15 ms on a country's core).
   */
  static *inSteps(h: Hierarchy, wanted = CORE_LANDMARKS): Steps<CoreLandmarks | null> {
    const size = h.nodeCount - h.coreFrom;
    const count = Math.min(wanted, size);
    if (count < 2) return null;
    const nodes = new Uint32Array(size);
    for (let v = 0; v < h.nodeCount; v++) {
      if (h.rank[v] >= h.coreFrom) nodes[h.rank[v] - h.coreFrom] = v;
      if ((v & (STEP_ITEMS - 1)) === 0) yield;
    }
    const search = new CoreSearch(h, size);
    const fromLandmark = new Float64Array(size * count);
    const toLandmark = new Float64Array(size * count);
    const nearest = new Float64Array(size).fill(Infinity);
    search.run(nodes[0], h.up);
    let next = search.farthest();
    for (let l = 0; l < count; l++) {
      for (const [arcs, into] of [[h.up, fromLandmark], [h.down, toLandmark]] as const) {
        search.run(nodes[next], arcs);
        for (let row = 0; row < size; row++) into[row * count + l] = Math.min(search.dist[row], NEVER);
        yield;
      }
      let far = 0;
      for (let row = 0; row < size; row++) {
        nearest[row] = Math.min(nearest[row], fromLandmark[row * count + l] + toLandmark[row * count + l]);
        // Only a node reached both ways: one cut off from the rest bounds nothing.
        if (nearest[row] < NEVER && nearest[row] > nearest[far]) far = row;
      }
      next = far;
    }
    return new CoreLandmarks(h.coreFrom, count, fromLandmark, toLandmark);
  }

  /** The potential a query's crossings share (one query at a time, as `HierarchyQuery`). */
  potential(rank: Uint32Array): CorePotential {
    return new CorePotential(this, rank);
  }

  /** Where a core node's times begin in the two tables. */
  rowOf(node: number, rank: Uint32Array): number {
    return (rank[node] - this.coreFrom) * this.count;
  }

  from(row: number, landmark: number): number {
    return this.fromLandmark[row + landmark];
  }

  to(row: number, landmark: number): number {
    return this.toLandmark[row + landmark];
  }
}

/** Core nodes a side's climb reached, and the side that knows the times it reached them in. */
export interface CoreEntries {
  nodes: readonly number[];
  side: { time(node: number): number };
}

/**
 * A crossing's potential: half the difference of a lower bound of the time on to the targets' entries and one of the
 * time from the sources' entries. The forward side adds it to its times and the backward side takes it away, so both
 * search one graph of non-negative reduced times and stop as a bidirectional Dijkstra does (Goldberg and Harrelson's
 * average potential). Each bound is the largest of the landmarks' (zero at least), and each landmark's is folded over
 * the entries once per crossing, so a node's costs two reads a landmark whatever the number of entries; a node's
 * potential is kept for the rest of the crossing.
 */
export class CorePotential {
  /** Per landmark: min over targets (from(L, e) + t(e)) and max over targets (to(e, L) - t(e)). */
  private readonly targetFrom: Float64Array;
  private readonly targetTo: Float64Array;
  /** Per landmark: min over sources (t(e) - from(L, e)) and min over sources (t(e) + to(e, L)). */
  private readonly sourceFrom: Float64Array;
  private readonly sourceTo: Float64Array;
  private readonly kept: Float64Array;
  private readonly keptIn: Uint32Array;
  private crossing = 0;

  constructor(
    private readonly landmarks: CoreLandmarks,
    private readonly rank: Uint32Array,
  ) {
    const k = landmarks.count;
    this.targetFrom = new Float64Array(k);
    this.targetTo = new Float64Array(k);
    this.sourceFrom = new Float64Array(k);
    this.sourceTo = new Float64Array(k);
    this.kept = new Float64Array(landmarks.size);
    this.keptIn = new Uint32Array(landmarks.size);
  }

  /** Begins a crossing between these entries. */
  reset(sources: CoreEntries, targets: CoreEntries) {
    const { landmarks, rank } = this;
    const k = landmarks.count;
    this.crossing++;
    this.targetFrom.fill(Infinity);
    this.targetTo.fill(-Infinity);
    this.sourceFrom.fill(Infinity);
    this.sourceTo.fill(Infinity);
    for (const e of targets.nodes) {
      const row = landmarks.rowOf(e, rank);
      const t = targets.side.time(e);
      for (let l = 0; l < k; l++) {
        this.targetFrom[l] = Math.min(this.targetFrom[l], landmarks.from(row, l) + t);
        this.targetTo[l] = Math.max(this.targetTo[l], landmarks.to(row, l) - t);
      }
    }
    for (const e of sources.nodes) {
      const row = landmarks.rowOf(e, rank);
      const t = sources.side.time(e);
      for (let l = 0; l < k; l++) {
        this.sourceFrom[l] = Math.min(this.sourceFrom[l], t - landmarks.from(row, l));
        this.sourceTo[l] = Math.min(this.sourceTo[l], t + landmarks.to(row, l));
      }
    }
  }

  /** The forward side's potential at a core node (the backward side's is its negative). */
  at(node: number): number {
    const { landmarks } = this;
    const row = landmarks.rowOf(node, this.rank);
    const slot = row / landmarks.count;
    if (this.keptIn[slot] === this.crossing) return this.kept[slot];
    let toTargets = 0;
    let fromSources = 0;
    for (let l = 0; l < landmarks.count; l++) {
      const from = landmarks.from(row, l);
      const to = landmarks.to(row, l);
      toTargets = Math.max(toTargets, this.targetFrom[l] - from, to - this.targetTo[l]);
      fromSources = Math.max(fromSources, from + this.sourceFrom[l], this.sourceTo[l] - to);
    }
    const potential = (toTargets - fromSources) / 2;
    this.kept[slot] = potential;
    this.keptIn[slot] = this.crossing;
    return potential;
  }
}

/** A plain Dijkstra over the core's arcs (every road), its times by core row. */
class CoreSearch {
  readonly dist: Float64Array;
  private readonly queue: FlatQueue<number>;

  constructor(
    private readonly h: Hierarchy,
    size: number,
  ) {
    this.dist = new Float64Array(size);
    this.queue = new FlatQueue<number>();
  }

  run(from: number, arcs: HierarchyArcs) {
    const { rank, coreFrom } = this.h;
    const { dist, queue } = this;
    dist.fill(Infinity);
    queue.clear();
    dist[rank[from] - coreFrom] = 0;
    queue.push(from, 0);
    while (queue.length) {
      const d = queue.peekValue()!;
      const v = queue.pop()!;
      if (d > dist[rank[v] - coreFrom]) continue;
      for (let i = arcs.start[v]; i < arcs.start[v + 1]; i++) {
        const w = arcs.head[i];
        const nd = d + arcs.weight[i];
        const row = rank[w] - coreFrom;
        if (nd < dist[row]) {
          dist[row] = nd;
          queue.push(w, nd);
        }
      }
    }
  }

  /** The row of the node reached last (the farthest the search went), or 0 when it reached none but its start. */
  farthest(): number {
    let far = 0;
    for (let row = 0; row < this.dist.length; row++) if (this.dist[row] !== Infinity && this.dist[row] > this.dist[far]) far = row;
    return far;
  }
}
