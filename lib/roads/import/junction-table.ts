/**
 * The vertices of a network's ways, counted on a first reading of the source (a vertex two ways pass through, or one
 * way twice, is a junction) and given node ids on the second. Open addressing over typed arrays: a JavaScript `Map`
 * stops at 2^24 entries and costs some 80 bytes an entry on the heap, where this costs 13 bytes a slot off it, and
 * an import of a whole country passes tens of millions of vertices. Numeric keys (OSM node ids, the bench's grid
 * keys) live in the arrays; text keys (GeoJSON's rounded coordinates, small files) are numbered through a `Map` first.
 * A source's keys are all of one kind.
 */
export class JunctionTable {
  private keys: Float64Array;
  /** 0 for an empty slot, else how many times a way passed the vertex, held at 2 (a junction is ≥ 2). */
  private passes: Uint8Array;
  private ids: Int32Array;
  private used = 0;
  private readonly textKeys = new Map<string, number>();
  private kind: 'number' | 'string' | null = null;
  private readonly bits = new Float64Array(1);
  private readonly words = new Int32Array(this.bits.buffer);

  constructor(expected = 1024) {
    const slots = 2 ** Math.ceil(Math.log2(Math.max(16, expected * 2)));
    this.keys = new Float64Array(slots);
    this.passes = new Uint8Array(slots);
    this.ids = new Int32Array(slots).fill(-1);
  }

  /** Distinct vertices counted. */
  get size(): number {
    return this.used;
  }

  /** Bytes the table holds. */
  get bytes(): number {
    return this.keys.byteLength + this.passes.byteLength + this.ids.byteLength;
  }

  /** Counts one pass of a way through the vertex. */
  pass(key: number | string): void {
    const numeric = this.numeric(key, true);
    let slot = this.slotOf(numeric);
    if (this.passes[slot] === 0) {
      if ((this.used + 1) * 2 > this.keys.length) {
        this.grow();
        slot = this.slotOf(numeric);
      }
      this.keys[slot] = numeric;
      this.used++;
    }
    if (this.passes[slot] < 2) this.passes[slot]++;
  }

  /** Whether two passes or more were counted; a vertex never counted is no junction. */
  isJunction(key: number | string): boolean {
    const slot = this.find(key);
    return slot >= 0 && this.passes[slot] >= 2;
  }

  /** The node id given to the vertex, or -1. */
  idOf(key: number | string): number {
    const slot = this.find(key);
    return slot < 0 ? -1 : this.ids[slot];
  }

  /** Gives a counted vertex its node id; false for a vertex the first reading never counted. */
  setId(key: number | string, id: number): boolean {
    const slot = this.find(key);
    if (slot < 0) return false;
    this.ids[slot] = id;
    return true;
  }

  private find(key: number | string): number {
    const numeric = this.numeric(key, false);
    if (Number.isNaN(numeric)) return -1;
    const slot = this.slotOf(numeric);
    return this.passes[slot] === 0 ? -1 : slot;
  }

  private numeric(key: number | string, add: boolean): number {
    const kind = typeof key as 'number' | 'string';
    if (kind !== (this.kind ??= kind)) throw new Error(`a ${kind} key among ${this.kind} keys: a source's vertex keys are all of one kind`);
    if (typeof key === 'number') return key;
    let numbered = this.textKeys.get(key);
    if (numbered === undefined) {
      if (!add) return NaN;
      numbered = this.textKeys.size;
      this.textKeys.set(key, numbered);
    }
    return numbered;
  }

  /** The key's slot, or the empty slot where it would go (linear probing). */
  private slotOf(key: number): number {
    const mask = this.keys.length - 1;
    let slot = this.hash(key) & mask;
    while (this.passes[slot] !== 0 && this.keys[slot] !== key) slot = (slot + 1) & mask;
    return slot;
  }

  /** The two 32-bit words of the key's double, mixed (murmur3's finalizer). */
  private hash(key: number): number {
    this.bits[0] = key;
    let h = this.words[0] ^ Math.imul(this.words[1], 0x9e3779b1);
    h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
    h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
    return (h ^ (h >>> 16)) >>> 0;
  }

  private grow(): void {
    const [keys, passes, ids] = [this.keys, this.passes, this.ids];
    this.keys = new Float64Array(keys.length * 2);
    this.passes = new Uint8Array(keys.length * 2);
    this.ids = new Int32Array(keys.length * 2).fill(-1);
    for (let old = 0; old < keys.length; old++) {
      if (passes[old] === 0) continue;
      const slot = this.slotOf(keys[old]);
      this.keys[slot] = keys[old];
      this.passes[slot] = passes[old];
      this.ids[slot] = ids[old];
    }
  }
}
