import { STEP_ITEMS, type Steps } from '@/lib/core/steps';
import { landmarkSteps, type TimedArcSets } from '../landmarks';
import type { Hierarchy, HierarchyArcs } from './hierarchy';

/**
 * How many landmarks the core's bounds use. Measured on the 24.4M-edge grid's core (11,283 nodes, 100 long pairs):
 * see docs/trips.md, "Landmarks on the core".
 */
export const CORE_LANDMARKS = 16;

/**
 * Stands for "never": a time no route takes (2^30 s, 34 years, a 32-bit float exactly). Where a landmark has no way to
 * or from a core node, the time is this rather than NaN, which keeps every bound a finite number and still a lower
 * bound: a time capped at a constant is a distance function of its own, so the bounds made from it stay consistent.
 */
const NEVER = 2 ** 30;

/**
 * Landmarks on a hierarchy's core, for a goal-directed crossing of it (core-ALT): chosen and measured as the router's
 * landmarks are (`landmarkSteps`: farthest first, times rounded down to 32-bit floats), on the core's arcs alone with
 * its nodes numbered by rank from the core's first. On every road, so they bound a vehicle's legal routes too. By the
 * triangle inequality they give a lower bound of the time from a core node to the other side's entries, and from this
 * side's, which steers each side's search towards the other.
 */
export class CoreLandmarks {
  private constructor(
    private readonly h: Hierarchy,
    readonly count: number,
    /** `times[i * 2 * count + 2 * l]`: from landmark l to the core's i-th node; `+ 1`: from it to the landmark. */
    private readonly times: Float32Array,
  ) {}

  /** How many nodes the core has. */
  get size(): number {
    return this.h.nodeCount - this.h.coreFrom;
  }

  /** Null when the core has fewer than two nodes. Made in steps (a country's core: 32 searches of 10 to 15 ms). */
  static *inSteps(h: Hierarchy, wanted = CORE_LANDMARKS): Steps<CoreLandmarks | null> {
    const count = Math.min(wanted, h.nodeCount - h.coreFrom);
    if (count < 2) return null;
    const { times } = yield* landmarkSteps(yield* coreArcs(h), count);
    for (let i = 0; i < times.length; i++) if (Number.isNaN(times[i])) times[i] = NEVER;
    return new CoreLandmarks(h, count, times);
  }

  /** The potential a query's crossings share (one query at a time, as `HierarchyQuery`). */
  potential(): CorePotential {
    return new CorePotential(this);
  }

  /** A core node's place among the core's nodes (its rank from the core's first). */
  indexOf(node: number): number {
    return this.h.rank[node] - this.h.coreFrom;
  }

  /** The time from the landmark to the core's `index`-th node. */
  from(index: number, landmark: number): number {
    return this.times[2 * (index * this.count + landmark)];
  }

  /** The time from the core's `index`-th node to the landmark. */
  to(index: number, landmark: number): number {
    return this.times[2 * (index * this.count + landmark) + 1];
  }
}

/** The core's arcs both ways as a graph of its own, its nodes numbered by rank from the core's first. */
function* coreArcs(h: Hierarchy): Steps<TimedArcSets> {
  const size = h.nodeCount - h.coreFrom;
  const nodes = new Uint32Array(size);
  for (let v = 0; v < h.nodeCount; v++) {
    if (h.rank[v] >= h.coreFrom) nodes[h.rank[v] - h.coreFrom] = v;
    if ((v & (STEP_ITEMS - 1)) === 0) yield;
  }
  // A core node's arcs in `up` and in `down` lead only to core nodes (the ranks above the core's first).
  const renumbered = ({ start, head, weight }: HierarchyArcs): TimedArcSets['out'] => {
    const from = new Uint32Array(size + 1);
    for (let i = 0; i < size; i++) from[i + 1] = from[i] + start[nodes[i] + 1] - start[nodes[i]];
    const [heads, weights] = [new Uint32Array(from[size]), new Float64Array(from[size])];
    for (let i = 0; i < size; i++) {
      for (let a = start[nodes[i]], at = from[i]; a < start[nodes[i] + 1]; a++, at++) {
        heads[at] = h.rank[head[a]] - h.coreFrom;
        weights[at] = weight[a];
      }
    }
    return { start: from, head: heads, weight: weights };
  };
  const out = renumbered(h.up);
  yield;
  return { nodeCount: size, out, in: renumbered(h.down) };
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

  constructor(private readonly landmarks: CoreLandmarks) {
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
    const { landmarks } = this;
    const k = landmarks.count;
    this.crossing++;
    this.targetFrom.fill(Infinity);
    this.targetTo.fill(-Infinity);
    this.sourceFrom.fill(Infinity);
    this.sourceTo.fill(Infinity);
    for (const e of targets.nodes) {
      const index = landmarks.indexOf(e);
      const t = targets.side.time(e);
      for (let l = 0; l < k; l++) {
        this.targetFrom[l] = Math.min(this.targetFrom[l], landmarks.from(index, l) + t);
        this.targetTo[l] = Math.max(this.targetTo[l], landmarks.to(index, l) - t);
      }
    }
    for (const e of sources.nodes) {
      const index = landmarks.indexOf(e);
      const t = sources.side.time(e);
      for (let l = 0; l < k; l++) {
        this.sourceFrom[l] = Math.min(this.sourceFrom[l], t - landmarks.from(index, l));
        this.sourceTo[l] = Math.min(this.sourceTo[l], t + landmarks.to(index, l));
      }
    }
  }

  /** The forward side's potential at a core node (the backward side's is its negative). */
  at(node: number): number {
    const { landmarks } = this;
    const index = landmarks.indexOf(node);
    if (this.keptIn[index] === this.crossing) return this.kept[index];
    let toTargets = 0;
    let fromSources = 0;
    for (let l = 0; l < landmarks.count; l++) {
      const from = landmarks.from(index, l);
      const to = landmarks.to(index, l);
      toTargets = Math.max(toTargets, this.targetFrom[l] - from, to - this.targetTo[l]);
      fromSources = Math.max(fromSources, from + this.sourceFrom[l], this.sourceTo[l] - to);
    }
    const potential = (toTargets - fromSources) / 2;
    this.kept[index] = potential;
    this.keptIn[index] = this.crossing;
    return potential;
  }
}
