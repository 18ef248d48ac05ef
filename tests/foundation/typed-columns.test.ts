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
  it('keeps any 32-bit value, -1 too, for any number but NaN, and sets only the keys it has when told to update', () => {
    const index = new NumberIndex(8);
    for (const key of [0, 1.5, -7, 2 ** 53 + 2, 1e300, -Infinity]) index.set(key, -1);
    expect([0, 1.5, -7, 2 ** 53 + 2, 1e300, -Infinity].map((k) => [index.has(k), index.get(k)])).toEqual(Array(6).fill([true, -1]));
    expect([index.has(2), index.has(NaN), index.get(NaN)]).toEqual([false, false, -1]);
    expect(index.update(1.5, 42)).toBe(true);
    expect(index.update(2, 42)).toBe(false);
    expect([index.get(1.5), index.has(2), index.size]).toEqual([42, false, 6]);
  });

  it('is sized once for its keys at the load it is given, and then never grows', () => {
    const index = new NumberIndex(716, 0.7);
    const bytes = index.bytes;
    expect(bytes).toBe(1024 * 12);
    for (let key = 0; key < 716; key++) index.set(key * 7919, key);
    expect(index.bytes).toBe(bytes);
    index.set(-1, 0);
    expect(index.bytes).toBe(2 * bytes);
    for (let key = 0; key < 716; key++) expect(index.get(key * 7919)).toBe(key);
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
