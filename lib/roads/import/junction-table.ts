import { NumberIndex } from '@/lib/core/typed-columns';
import type { VertexKeys } from './vertex-keys';

/** The most a junction table's slots are filled: it is sized once, for the junctions the first reading found. */
const MAX_LOAD = 0.7;

/**
 * The junctions of a network's ways (vertices two ways pass through, or one way twice), found by the first reading
 * of the source, and the node id each is given on the second. Only junctions are held: any other vertex is passed
 * once, so it is met once. A typed-array index sized once for the junctions (12 bytes a slot, at most seven tenths
 * full), where a `Map` would stop at 2^24 entries and cost some 80 bytes an entry on the heap.
 */
export class JunctionTable {
  private readonly ids: NumberIndex;

  constructor(
    readonly keys: VertexKeys,
    junctionKeys: Float64Array,
  ) {
    this.ids = new NumberIndex(junctionKeys.length, MAX_LOAD);
    for (const key of junctionKeys) this.ids.set(key, -1);
  }

  /** How many junctions the table holds. */
  get size(): number {
    return this.ids.size;
  }

  /** Bytes the table holds. */
  get bytes(): number {
    return this.ids.bytes;
  }

  isJunction(key: number | string): boolean {
    return this.ids.has(this.keys.numeric(key, false));
  }

  /** The node id given to the junction, or -1 (none given yet, or not a junction). */
  idOf(key: number | string): number {
    return this.ids.get(this.keys.numeric(key, false));
  }

  /** Gives a junction its node id; false for any other vertex, which needs none kept. */
  setId(key: number | string, id: number): boolean {
    return this.ids.update(this.keys.numeric(key, false), id);
  }
}
