// The lookup by id behind every cached location and text match (SQLite's point grid, PostgreSQL's copy): a table
// for dense ids, a sort otherwise, held to a brute-force map.
import { describe, expect, it } from 'vitest';
import { mulberry32 } from '@/lib/places/dataset/prng';
import { IdIndex } from '@/lib/places/store/rank';

function column(rng: () => number, n: number, spread: number, base: number): Float64Array {
  const ids = new Set<number>();
  while (ids.size < n) ids.add(base + Math.floor(rng() * spread));
  // In a grid's order, not in id order.
  return Float64Array.from([...ids].sort(() => rng() - 0.5));
}

describe('positions of places by id', () => {
  it('equal a brute-force map for dense and sparse ids, for ids held, missing, fractional, repeated, few and many', () => {
    const rng = mulberry32(5);
    for (const [n, spread, base] of [[2000, 2500, 1_000_000], [2000, 2_000_000, 0], [3000, 1e13, 7], [1, 1, 42], [500, 501, -250]] as const) {
      const id = column(rng, n, spread, base);
      const truth = new Map([...id].map((v, i) => [v, i]));
      const index = IdIndex.of(id);
      const asked = [...id.slice(0, n / 3), base - 1, base + spread + 5, base + 0.5, Number.NaN, id[0], id[0], ...id.slice(n / 2)];
      for (const v of asked) expect(index.positionOf(v)).toBe(truth.get(v) ?? -1);
      for (const ids of [asked, asked.slice(0, 3), [...id]]) {
        const expected = [...new Set(ids.map((v) => truth.get(v)).filter((p) => p !== undefined))].sort((a, b) => a! - b!);
        expect(Array.from(index.positionsOf(ids))).toEqual(expected);
      }
    }
  });
});
