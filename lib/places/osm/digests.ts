import { createHash } from 'node:crypto';

const SIZE = 20;

/** SHA-1 digests in one growing buffer, 20 bytes each: a million of them in 20 MB, not a million hex strings. */
export class DigestList {
  private bytes = Buffer.alloc(SIZE * 1024);
  private count = 0;

  get length(): number {
    return this.count;
  }

  /** Appends the digest of `text`; returns its index. */
  push(text: string): number {
    if ((this.count + 1) * SIZE > this.bytes.length) {
      const bigger = Buffer.alloc(this.bytes.length * 2);
      this.bytes.copy(bigger);
      this.bytes = bigger;
    }
    createHash('sha1').update(text).digest().copy(this.bytes, this.count * SIZE);
    return this.count++;
  }

  /** Digest `index` in hex. */
  hex(index: number): string {
    return this.bytes.toString('hex', index * SIZE, (index + 1) * SIZE);
  }
}
