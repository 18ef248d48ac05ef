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

const EMPTY = -1;

/**
 * Whole numbers (up to 2^53) to row numbers, in two typed arrays (open addressing, linear probing): a million keys
 * in 24 MB, where a Map of them would hold a boxed number and an entry object each.
 */
export class NumberIndex {
  private keys: Float64Array;
  private rows: Int32Array;
  private mask: number;
  private count = 0;

  constructor(expected = 1024) {
    let capacity = 1024;
    while (capacity < expected * 2) capacity *= 2;
    this.keys = new Float64Array(capacity);
    this.rows = new Int32Array(capacity).fill(EMPTY);
    this.mask = capacity - 1;
  }

  get size(): number {
    return this.count;
  }

  private slot(key: number): number {
    const low = key % 4294967296;
    const high = (key - low) / 4294967296;
    const h = Math.imul(low ^ Math.imul(high, 0x9e3779b1), 0x85ebca6b);
    return (h ^ (h >>> 15)) & this.mask;
  }

  /** The row of `key`, or -1. */
  get(key: number): number {
    for (let s = this.slot(key); ; s = (s + 1) & this.mask) {
      if (this.rows[s] === EMPTY) return EMPTY;
      if (this.keys[s] === key) return this.rows[s];
    }
  }

  set(key: number, row: number): void {
    if ((this.count + 1) * 2 > this.rows.length) this.grow();
    for (let s = this.slot(key); ; s = (s + 1) & this.mask) {
      if (this.rows[s] === EMPTY) {
        this.keys[s] = key;
        this.rows[s] = row;
        this.count++;
        return;
      }
      if (this.keys[s] === key) {
        this.rows[s] = row;
        return;
      }
    }
  }

  private grow(): void {
    const { keys, rows } = this;
    this.keys = new Float64Array(keys.length * 2);
    this.rows = new Int32Array(rows.length * 2).fill(EMPTY);
    this.mask = this.rows.length - 1;
    this.count = 0;
    for (let s = 0; s < rows.length; s++) if (rows[s] !== EMPTY) this.set(keys[s], rows[s]);
  }
}
