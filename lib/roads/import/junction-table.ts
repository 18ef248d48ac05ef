import { hashKey, type VertexKeys } from './vertex-keys';

/**
 * The junctions of a network's ways (vertices two ways pass through, or one way twice), found by the first reading
 * of the source, and the node id each is given on the second. Only junctions are held: any other vertex is passed
 * once, so it is met once. Open addressing over typed arrays sized once for the junctions (12 bytes a slot, at most
 * seven tenths full), where a `Map` would stop at 2^24 entries and cost some 80 bytes an entry on the heap.
 */
export class JunctionTable {
  private readonly slotKeys: Float64Array;
  private readonly ids: Int32Array;
  /** Slots holding a junction (the empty slot's key is NaN, which equals nothing). */
  readonly size: number;

  constructor(
    readonly keys: VertexKeys,
    junctionKeys: Float64Array,
  ) {
    const slots = 2 ** Math.ceil(Math.log2(Math.max(16, junctionKeys.length / 0.7)));
    this.slotKeys = new Float64Array(slots).fill(NaN);
    this.ids = new Int32Array(slots).fill(-1);
    for (const key of junctionKeys) this.slotKeys[this.slotOf(key)] = key;
    this.size = junctionKeys.length;
  }

  /** Bytes the table holds. */
  get bytes(): number {
    return this.slotKeys.byteLength + this.ids.byteLength;
  }

  isJunction(key: number | string): boolean {
    return this.find(key) >= 0;
  }

  /** The node id given to the junction, or -1 (none given yet, or not a junction). */
  idOf(key: number | string): number {
    const slot = this.find(key);
    return slot < 0 ? -1 : this.ids[slot];
  }

  /** Gives a junction its node id; false for any other vertex, which needs none kept. */
  setId(key: number | string, id: number): boolean {
    const slot = this.find(key);
    if (slot < 0) return false;
    this.ids[slot] = id;
    return true;
  }

  private find(key: number | string): number {
    const numeric = this.keys.numeric(key, false);
    if (Number.isNaN(numeric)) return -1;
    const slot = this.slotOf(numeric);
    return Number.isNaN(this.slotKeys[slot]) ? -1 : slot;
  }

  /** The key's slot, or the empty slot where it would go (linear probing). */
  private slotOf(key: number): number {
    const mask = this.slotKeys.length - 1;
    let slot = hashKey(key) & mask;
    while (!Number.isNaN(this.slotKeys[slot]) && this.slotKeys[slot] !== key) slot = (slot + 1) & mask;
    return slot;
  }
}
