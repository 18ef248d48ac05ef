import FlatQueue from 'flatqueue';
import type { Hierarchy, HierarchyArcs } from './contract';

export interface HierarchyRoute {
  seconds: number;
  /** The network's out-arcs driven, in order (indexes into `ArcSets.out`). */
  arcs: number[];
}

/** One direction's search state, reset by the nodes it touched rather than by clearing whole arrays. */
class Side {
  readonly dist: Float64Array;
  readonly via: Int32Array;
  readonly queue = new FlatQueue<number>();
  private readonly touched: number[] = [];

  constructor(n: number) {
    this.dist = new Float64Array(n).fill(Infinity);
    this.via = new Int32Array(n).fill(-1);
  }

  reset(source: number) {
    for (const v of this.touched) {
      this.dist[v] = Infinity;
      this.via[v] = -1;
    }
    this.touched.length = 0;
    this.queue.clear();
    this.reach(source, 0, -1);
  }

  reach(v: number, d: number, arc: number) {
    if (this.dist[v] === Infinity) this.touched.push(v);
    this.dist[v] = d;
    this.via[v] = arc;
    this.queue.push(v, d);
  }
}

/**
 * Routes on a contraction hierarchy: a Dijkstra up the ranks from each end at once, stopped when neither side can
 * better the best meeting found; then the shortcuts on the way are unpacked into the network's arcs. One query at a
 * time per instance (its arrays are reused).
 */
export class HierarchyQuery {
  private readonly forward: Side;
  private readonly backward: Side;

  constructor(private readonly h: Hierarchy) {
    this.forward = new Side(h.nodeCount);
    this.backward = new Side(h.nodeCount);
  }

  route(from: number, to: number): HierarchyRoute | null {
    const { forward, backward } = this;
    forward.reset(from);
    backward.reset(to);
    let best = Infinity;
    let meet = -1;
    const settle = (side: Side, other: Side, arcs: HierarchyArcs) => {
      const d = side.queue.peekValue()!;
      const v = side.queue.pop()!;
      if (d > side.dist[v]) return;
      if (other.dist[v] !== Infinity && d + other.dist[v] < best) {
        best = d + other.dist[v];
        meet = v;
      }
      for (let i = arcs.start[v]; i < arcs.start[v + 1]; i++) {
        const w = arcs.head[i];
        const nd = d + arcs.weight[i];
        if (nd < side.dist[w]) side.reach(w, nd, arcs.arc[i]);
      }
    };
    while (true) {
      const f = forward.queue.length ? forward.queue.peekValue()! : Infinity;
      const b = backward.queue.length ? backward.queue.peekValue()! : Infinity;
      if (Math.min(f, b) >= best) break;
      if (f <= b) settle(forward, backward, this.h.up);
      else settle(backward, forward, this.h.down);
    }
    if (meet < 0) return null;
    return { seconds: best, arcs: this.unpack(from, to, meet) };
  }

  /** The hierarchy arcs from `from` up to `meet` and from `meet` down to `to`, each unpacked into network arcs. */
  private unpack(from: number, to: number, meet: number): number[] {
    const { h, forward, backward } = this;
    const up: number[] = [];
    for (let v = meet; v !== from; ) {
      const a = forward.via[v];
      up.push(a);
      v = h.arcTail[a];
    }
    up.reverse();
    const down: number[] = [];
    for (let v = meet; v !== to; ) {
      const a = backward.via[v];
      down.push(a);
      v = h.arcHead[a];
    }
    const arcs: number[] = [];
    for (const a of [...up, ...down]) expand(h, a, arcs);
    return arcs;
  }
}

/** A hierarchy arc's network arcs, in driving order (an explicit stack: shortcuts nest deep on long roads). */
function expand(h: Hierarchy, arc: number, into: number[]) {
  const stack = [arc];
  while (stack.length) {
    const a = stack.pop()!;
    if (h.original[a] >= 0) into.push(h.original[a]);
    else stack.push(h.second[a], h.first[a]);
  }
}
