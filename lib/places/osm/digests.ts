import { createHash } from 'node:crypto';

const SIZE = 20;

/** SHA-1 digests in one growing buffer, 20 bytes each: a million of them in 20 MB, not a million hex strings. */
export class DigestList {
  private bytes: Buffer;
  private count: number;

  constructor(bytes: Uint8Array = Buffer.alloc(SIZE * 1024), count = 0) {
    this.bytes = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    this.count = count;
  }

  /** The lists one after another. */
  static concat(lists: DigestList[]): DigestList {
    if (lists.length === 1) return lists[0];
    const bytes = Buffer.concat(lists.map((list) => list.filled()));
    return new DigestList(bytes, bytes.length / SIZE);
  }

  get length(): number {
    return this.count;
  }

  /** Appends the digest of `text`; returns its index. */
  push(text: string): number {
    if ((this.count + 1) * SIZE > this.bytes.length) {
      const bigger = Buffer.alloc(Math.max(this.bytes.length * 2, SIZE * 1024));
      this.bytes.copy(bigger);
      this.bytes = bigger;
    }
    createHash('sha1').update(text).digest().copy(this.bytes, this.count * SIZE);
    return this.count++;
  }

  /** Replaces digest `index` (one already pushed) with the digest of `text`; returns its index. */
  set(index: number, text: string): number {
    if (index >= this.count) throw new RangeError(`no digest ${index} among ${this.count}`);
    createHash('sha1').update(text).digest().copy(this.bytes, index * SIZE);
    return index;
  }

  /** Digest `index` in hex. */
  hex(index: number): string {
    return this.bytes.toString('hex', index * SIZE, (index + 1) * SIZE);
  }

  /** The digests' bytes, without the room left to grow. */
  filled(): Uint8Array {
    return this.bytes.subarray(0, this.count * SIZE);
  }
}
