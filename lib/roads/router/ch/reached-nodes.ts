/**
 * What one side of a search knows of each node it reached: the time to it, the arc and the node it came by. Kept in
 * an open-addressed table sized by the nodes reached, not by the network: a route across a country reaches a few
 * thousand of its 12.5 million nodes, and arrays of every node (400 MB for both sides) were paged in by the routes
 * themselves, a page at a time, at some microseconds a page on a virtual machine. Emptied in O(1) for the next route.
 */
export class ReachedNodes {
  private keys: Int32Array;
  private stamps: Uint32Array;
  private times: Float64Array;
  private vias: Int32Array;
  private prevs: Int32Array;
  private shift: number;
  private stamp = 1;
  private count = 0;

  constructor(capacity = 1 << 12) {
    const bits = Math.max(4, Math.ceil(Math.log2(capacity)));
    this.shift = 32 - bits;
    [this.keys, this.stamps, this.times, this.vias, this.prevs] = ReachedNodes.columns(1 << bits);
  }

  private static columns(size: number) {
    return [new Int32Array(size), new Uint32Array(size), new Float64Array(size), new Int32Array(size), new Int32Array(size)] as const;
  }

  /** Forgets every node (a stamp per slot: nothing to clear). */
  clear() {
    this.count = 0;
    if (++this.stamp === 0xffffffff) {
      this.stamps.fill(0);
      this.stamp = 1;
    }
  }

  /** The node's slot, or -1 - the free slot it would take. */
  private slotOf(node: number): number {
    const mask = this.keys.length - 1;
    let slot = Math.imul(node, 0x9e3779b1) >>> this.shift;
    for (; this.stamps[slot] === this.stamp; slot = (slot + 1) & mask) if (this.keys[slot] === node) return slot;
    return -1 - slot;
  }

  /** The time the node was reached in; Infinity when not reached. */
  time(node: number): number {
    const slot = this.slotOf(node);
    return slot >= 0 ? this.times[slot] : Infinity;
  }

  /** The arc the node was reached by (-1 for where the search began); only for a node reached. */
  via(node: number): number {
    return this.vias[this.slotOf(node)];
  }

  /** The node it was reached from (-1 for where the search began); only for a node reached. */
  prev(node: number): number {
    return this.prevs[this.slotOf(node)];
  }

  set(node: number, time: number, via: number, prev: number) {
    let slot = this.slotOf(node);
    if (slot < 0) {
      if (2 * (this.count + 1) > this.keys.length) {
        this.grow();
        slot = this.slotOf(node);
      }
      slot = -1 - slot;
      this.keys[slot] = node;
      this.stamps[slot] = this.stamp;
      this.count++;
    }
    this.times[slot] = time;
    this.vias[slot] = via;
    this.prevs[slot] = prev;
  }

  /** Twice the slots, the nodes reached placed again (kept at most half full: short probes). */
  private grow() {
    const [keys, stamps, times, vias, prevs, stamp] = [this.keys, this.stamps, this.times, this.vias, this.prevs, this.stamp];
    [this.keys, this.stamps, this.times, this.vias, this.prevs] = ReachedNodes.columns(2 * keys.length);
    this.shift--;
    this.stamp = 1;
    for (let old = 0; old < keys.length; old++) {
      if (stamps[old] !== stamp) continue;
      const slot = -1 - this.slotOf(keys[old]);
      this.keys[slot] = keys[old];
      this.stamps[slot] = this.stamp;
      this.times[slot] = times[old];
      this.vias[slot] = vias[old];
      this.prevs[slot] = prevs[old];
    }
  }
}
