import { SteppedGrowth } from '@/lib/core/stepped-growth';
import { runSteps, STEP_ITEMS, type Steps } from '@/lib/core/steps';

/**
 * A list of numbers per node in one typed pool: node v's are `pool[first(v)]` to `pool[first(v) + count(v) - 1]`, in
 * no particular order. A list that outgrows its room moves to the pool's end with twice the room (the old room is not
 * reused), and the pool grows in steps (`SteppedGrowth`). Two JavaScript arrays a node took about 180 bytes of heap
 * each: 4.6 GB for a country's 12.5 million nodes.
 */
export class NodeLists {
  pool: Uint32Array;
  private readonly starts: Uint32Array;
  private readonly counts: Uint32Array;
  private readonly rooms: Uint32Array;
  private used: number;
  private readonly growth: SteppedGrowth<{ pool: Uint32Array }>;

  /** Lists with room for `room(v)` numbers each to begin with. */
  static of(nodeCount: number, room: (v: number) => number): NodeLists {
    return runSteps(NodeLists.inSteps(nodeCount, room));
  }

  /** The same, made in steps: a country's nodes are millions (a serving process contracts in turns). */
  static *inSteps(nodeCount: number, room: (v: number) => number): Steps<NodeLists> {
    const starts = new Uint32Array(nodeCount);
    const rooms = new Uint32Array(nodeCount);
    let used = 0;
    for (let v = 0; v < nodeCount; v++) {
      starts[v] = used;
      rooms[v] = room(v);
      used += rooms[v];
      if (v % STEP_ITEMS === 0) yield;
    }
    return new NodeLists(starts, rooms, used);
  }

  private constructor(starts: Uint32Array, rooms: Uint32Array, used: number) {
    this.starts = starts;
    this.rooms = rooms;
    this.counts = new Uint32Array(starts.length);
    this.used = used;
    // A quarter of the pool free at first: the growth is under way as the first list moves, where a pool made full
    // was copied whole at that move (two holds of 200 ms at 25 million edges, 0.73 s under load).
    this.pool = new Uint32Array(Math.max(4, Math.ceil((used * 4) / 3)));
    this.growth = new SteppedGrowth(1 << 16, () => ({ pool: this.pool }), this.pool.length);
  }

  first(v: number): number {
    return this.starts[v];
  }

  count(v: number): number {
    return this.counts[v];
  }

  at(v: number, i: number): number {
    return this.pool[this.starts[v] + i];
  }

  push(v: number, x: number): void {
    if (this.counts[v] === this.rooms[v]) this.move(v, Math.max(4, 2 * this.rooms[v]));
    this.write(this.starts[v] + this.counts[v]++, x);
  }

  /** Takes out the i-th number (the last one takes its place). */
  removeAt(v: number, i: number): void {
    const at = this.starts[v];
    this.write(at + i, this.pool[at + --this.counts[v]]);
  }

  /** Takes out `x`, which the list holds. */
  remove(v: number, x: number): void {
    const at = this.starts[v];
    for (let i = 0; i < this.counts[v]; i++) {
      if (this.pool[at + i] === x) return this.removeAt(v, i);
    }
    throw new Error(`node ${v}'s list does not hold ${x}`);
  }

  clear(v: number): void {
    this.counts[v] = 0;
  }

  /** Node v's numbers in an array of their own. */
  toArray(v: number): number[] {
    return Array.from(this.pool.subarray(this.starts[v], this.starts[v] + this.counts[v]));
  }

  private write(i: number, x: number): void {
    this.pool[i] = x;
    if (this.growth.copiedAlready(i)) this.growth.nextColumns().pool[i] = x;
  }

  /** Moves v's list to the pool's end (past every row copied so far, so it is copied later if the pool is growing). */
  private move(v: number, room: number): void {
    if (this.used + room > this.pool.length) this.pool = this.growth.finish(this.used, this.used + room).pool;
    this.pool.copyWithin(this.used, this.starts[v], this.starts[v] + this.counts[v]);
    this.starts[v] = this.used;
    this.rooms[v] = room;
    this.used += room;
    this.growth.step(this.used);
  }
}
