/** Typed arrays that grow by doubling, and strings kept as UTF-8 bytes: columns of a million rows off the JavaScript heap. */

type Growable = Float64Array | Uint32Array | Int32Array | Uint16Array | Uint8Array;

/** `array`, or a copy twice as long (at least `needed`) when it is too short. */
export function ensureLength<T extends Growable>(array: T, needed: number): T {
  if (needed <= array.length) return array;
  const bigger = new (array.constructor as new (length: number) => T)(Math.max(needed, array.length * 2, 1024));
  bigger.set(array);
  return bigger;
}

/** Strings one after another in one byte buffer, each found by where it ends. */
export class StringColumn {
  constructor(
    private bytes: Uint8Array = new Uint8Array(1 << 16),
    private ends: Uint32Array = new Uint32Array(1024),
    private count = 0,
  ) {}

  get length(): number {
    return this.count;
  }

  push(text: string): void {
    const start = this.count ? this.ends[this.count - 1] : 0;
    this.bytes = ensureLength(this.bytes, start + text.length * 3);
    const written = Buffer.from(this.bytes.buffer, this.bytes.byteOffset, this.bytes.byteLength).write(text, start, 'utf8');
    this.ends = ensureLength(this.ends, this.count + 1);
    this.ends[this.count++] = start + written;
  }

  get(index: number): string {
    const start = index ? this.ends[index - 1] : 0;
    return Buffer.from(this.bytes.buffer, this.bytes.byteOffset, this.bytes.byteLength).toString('utf8', start, this.ends[index]);
  }

  /** What a copy needs (for another thread): the bytes and ends in use. */
  parts(): { bytes: Uint8Array<ArrayBuffer>; ends: Uint32Array<ArrayBuffer> } {
    const used = this.count ? this.ends[this.count - 1] : 0;
    return { bytes: this.bytes.slice(0, used), ends: this.ends.slice(0, this.count) };
  }

  static fromParts(parts: { bytes: Uint8Array; ends: Uint32Array }): StringColumn {
    return new StringColumn(parts.bytes, parts.ends, parts.ends.length);
  }

  /** The columns one after another, in buffers of their exact size. */
  static concat(columns: StringColumn[]): StringColumn {
    const parts = columns.map((column) => column.parts());
    const bytes = new Uint8Array(parts.reduce((n, part) => n + part.bytes.length, 0));
    const ends = new Uint32Array(parts.reduce((n, part) => n + part.ends.length, 0));
    let [byteAt, endAt] = [0, 0];
    for (const part of parts) {
      bytes.set(part.bytes, byteAt);
      for (let i = 0; i < part.ends.length; i++) ends[endAt + i] = byteAt + part.ends[i];
      byteAt += part.bytes.length;
      endAt += part.ends.length;
    }
    return new StringColumn(bytes, ends, ends.length);
  }
}

const bits = new Float64Array(1);
const words = new Int32Array(bits.buffer);

/**
 * The two 32-bit words of a number's double, mixed (murmur3's finalizer): a hash table's slot, a spill's partition.
 * Keys that differ only in their high bits, or are multiples of a power of two, land apart.
 */
export function hashNumber(key: number): number {
  bits[0] = key;
  let h = words[0] ^ Math.imul(words[1], 0x9e3779b1);
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/**
 * Numbers (any but NaN, which marks an empty slot) to 32-bit values, in two typed arrays (open addressing, linear
 * probing): a million keys in 24 MB, where a Map of them would hold a boxed number and an entry object each. It grows
 * by doubling when more than `maxLoad` of its slots would be full; one sized for all its keys never grows.
 */
export class NumberIndex {
  private keys: Float64Array;
  private values: Int32Array;
  private mask: number;
  private count = 0;

  constructor(
    expected = 1024,
    private readonly maxLoad = 0.5,
  ) {
    let capacity = 16;
    while (capacity * maxLoad < expected) capacity *= 2;
    this.keys = new Float64Array(capacity).fill(NaN);
    this.values = new Int32Array(capacity);
    this.mask = capacity - 1;
  }

  get size(): number {
    return this.count;
  }

  /** Bytes the index holds. */
  get bytes(): number {
    return this.keys.byteLength + this.values.byteLength;
  }

  /** The key's slot, or the empty slot where it would go. */
  private slot(key: number): number {
    let s = hashNumber(key) & this.mask;
    while (this.keys[s] !== key && !Number.isNaN(this.keys[s])) s = (s + 1) & this.mask;
    return s;
  }

  has(key: number): boolean {
    return this.keys[this.slot(key)] === key;
  }

  /** The value of `key`, or -1 when it has none (an index whose values may be -1 asks `has`). */
  get(key: number): number {
    const s = this.slot(key);
    return this.keys[s] === key ? this.values[s] : -1;
  }

  set(key: number, value: number): void {
    if (this.count + 1 > this.values.length * this.maxLoad) this.grow();
    const s = this.slot(key);
    if (this.keys[s] !== key) {
      this.keys[s] = key;
      this.count++;
    }
    this.values[s] = value;
  }

  /** Sets the value of a key the index has; false (and nothing set) for any other. */
  update(key: number, value: number): boolean {
    const s = this.slot(key);
    if (this.keys[s] !== key) return false;
    this.values[s] = value;
    return true;
  }

  private grow(): void {
    const { keys, values } = this;
    this.keys = new Float64Array(keys.length * 2).fill(NaN);
    this.values = new Int32Array(values.length * 2);
    this.mask = this.keys.length - 1;
    this.count = 0;
    for (let s = 0; s < keys.length; s++) if (!Number.isNaN(keys[s])) this.set(keys[s], values[s]);
  }
}
