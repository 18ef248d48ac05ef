import { describe, expect, it } from 'vitest';
import { NumberIndex, StringColumn } from '@/lib/core/typed-columns';

describe('NumberIndex', () => {
  it('finds each of many whole numbers up to 2^53 (as a Map would), across its growth, and says -1 for the rest', () => {
    const index = new NumberIndex(4);
    const map = new Map<number, number>();
    let key = 1;
    for (let row = 0; row < 50_000; row++) {
      key = (key * 48271 + row * 2 ** 36) % 2 ** 53;
      index.set(key, row);
      map.set(key, row);
    }
    // Keys that differ only in their high bits, or are multiples of a power of two, land apart.
    for (let i = 1; i <= 5000; i++) {
      index.set(i * 2 ** 40, -i - 10);
      map.set(i * 2 ** 40, -i - 10);
    }
    expect(index.size).toBe(map.size);
    for (const [k, row] of map) expect(index.get(k)).toBe(row);
    expect(index.get(3)).toBe(-1);
    index.set(key, 7);
    expect(index.get(key)).toBe(7);
    expect(index.size).toBe(map.size);
  });
});

describe('StringColumn', () => {
  it('gives back each string, multi-byte and empty ones too, across growth and through its parts', () => {
    const column = new StringColumn(new Uint8Array(4), new Uint32Array(2));
    const texts = Array.from({ length: 3000 }, (_, i) => (i % 7 === 0 ? '' : `café ${i} 😀`.repeat(1 + (i % 3))));
    texts.forEach((t) => column.push(t));
    expect(texts.map((_, i) => column.get(i))).toEqual(texts);
    const copy = StringColumn.fromParts(structuredClone(column.parts()));
    expect(copy.length).toBe(3000);
    expect(texts.map((_, i) => copy.get(i))).toEqual(texts);
  });
});
