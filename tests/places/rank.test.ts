// The one-pass ranking behind searches by locations (SQLite's point grid, PostgreSQL's copy of the columns), held to
// a brute-force filter and sort: sets that overlap, sets a search must also lie in (small ones marked per search,
// large ones kept as bitsets between searches), and the same sets asked again in another combination.
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { mulberry32 } from '@/lib/places/dataset/prng';
import { type FixedSort, OrderedSets } from '@/lib/places/store/ordered-sets';
import { type GridFilter, gridFilterOf, Ranker, type RankColumns } from '@/lib/places/store/rank';

const RUNS = Number(process.env.PROPERTY_RUNS ?? 300);
const N = 3000;

/**
 * Columns of `n` places with many equal keys, ids shuffled (ties must fall to the id, not the position), and chain
 * codes and fidelities at the edges of the counts' packed key.
 */
function columns(n: number, seed: number): RankColumns {
  const rng = mulberry32(seed);
  const f64 = (f: (i: number) => number) => Float64Array.from({ length: n }, (_, i) => f(i));
  const shuffled = () => Array.from({ length: n }, (_, i) => i).sort(() => rng() - 0.5);
  const names = shuffled();
  const ids = shuffled();
  const chains = [0, 1, 2, 255, 256, 100_000];
  const fidelities = [0, 1, 2, 3, 4, 5, 254, 255];
  return {
    id: f64((i) => 10 + ids[i]),
    x: f64(() => rng()),
    y: f64(() => rng()),
    z: f64(() => rng()),
    tags: Int32Array.from({ length: n }, () => Math.floor(rng() * 8)),
    chain: Int32Array.from({ length: n }, () => chains[Math.floor(rng() * chains.length)]),
    fidelity: Uint8Array.from({ length: n }, () => fidelities[Math.floor(rng() * fidelities.length)]),
    rv: Uint8Array.from({ length: n }, () => (rng() < 0.2 ? 1 : 0)),
    relevance: f64(() => Math.round(rng() * 50)),
    rating: f64(() => Math.round(rng() * 10) / 2),
    ratingCount: Int32Array.from({ length: n }, () => Math.floor(rng() * 5)),
    nameRank: Int32Array.from({ length: n }, (_, i) => names[i]),
  };
}

const c = columns(N, 17);
/** Fixed sets, so the ranker meets the same arrays again (its bitsets are kept per array): small and large ones. */
const rng = mulberry32(3);
const pool = [5, 40, 90, 200, 1200, 2500, N].map((size) => {
  const picked = new Set<number>();
  while (picked.size < Math.min(size, N)) picked.add(Math.floor(rng() * N));
  return Int32Array.from(picked).sort();
});

/** Every place in one of four disjoint sets (uneven sizes), as a country's states are. */
const partsOf = (n: number) =>
  [0, 1, 2, 3].map((p) => Int32Array.from({ length: n }, (_, i) => i).filter((i) => (i * 7919) % 10 < [1, 3, 6, 10][p] && (i * 7919) % 10 >= [0, 1, 3, 6][p]));
const parts = partsOf(N);
/** More places than the buckets' bounds are sampled from (16,384): the bounds are then a sample, not every 16th place. */
const BIG_N = 40_000;
const big = columns(BIG_N, 29);
const bigParts = partsOf(BIG_N);

const keyOf = (cols: RankColumns, sort: string, origin: readonly number[]) => (i: number): [number, number] => {
  const d2 = (cols.x[i] - origin[0]) ** 2 + (cols.y[i] - origin[1]) ** 2 + (cols.z[i] - origin[2]) ** 2;
  return sort === 'relevance' ? [-cols.relevance[i], 0] : sort === 'rating' ? [-cols.rating[i], -cols.ratingCount[i]] : sort === 'name' ? [cols.nameRank[i], 0] : [d2, 0];
};
const bruteForce = (cols: RankColumns, places: number[], sort: string, origin: readonly number[]) => {
  const key = keyOf(cols, sort, origin);
  return places.sort((a, b) => key(a)[0] - key(b)[0] || key(a)[1] - key(b)[1] || cols.id[a] - cols.id[b]);
};
const keeps = (cols: RankColumns, f: GridFilter, i: number) =>
  (f.anyTags === 0 || (cols.tags[i] & f.anyTags) !== 0) && (cols.tags[i] & f.noTags) === 0 && cols.fidelity[i] >= f.minFidelity && cols.fidelity[i] <= f.maxFidelity &&
  (!f.chainsIn || f.chainsIn.has(cols.chain[i])) && (!f.chainsOut || !f.chainsOut.has(cols.chain[i])) && (!f.rvOnly || cols.rv[i] === 1);

const filters = fc.record({
  anyTags: fc.nat(7),
  noTags: fc.constantFrom(0, 0, 0, 1, 4),
  chainsIn: fc.constantFrom(null, null, new Set([0]), new Set([1, 2]), new Set([255, 100_000])),
  chainsOut: fc.constantFrom(null, null, new Set([2]), new Set([256])),
  minFidelity: fc.constantFrom(0, 1, 3, 5, 254, 255),
  maxFidelity: fc.constantFrom(255, 255, 4, 254),
  rvOnly: fc.constantFrom(false, false, false, true),
});

describe('the one-pass ranking', () => {
  const ranker = new Ranker(c);
  it('counts and pages the places of the sets (each once) that lie in the `within` sets and pass the filter, as a brute-force scan does', () => {
    fc.assert(
      fc.property(
        fc.array(fc.nat(pool.length - 1), { minLength: 1, maxLength: 3 }),
        fc.option(fc.array(fc.nat(pool.length - 1), { minLength: 1, maxLength: 4 }), { nil: null }),
        fc.constantFrom('relevance', 'rating', 'name', 'distance') as fc.Arbitrary<'relevance' | 'rating' | 'name' | 'distance'>,
        fc.nat(40),
        fc.nat(4),
        (setIdx, withinIdx, sort, need, minFidelity) => {
          const sets = setIdx.map((k) => pool[k]);
          const within = withinIdx?.map((k) => pool[k]) ?? null;
          const filter = { ...gridFilterOf({ tags: { include: [], exclude: [] }, chains: { include: [], exclude: [] }, sort, limit: 10, offset: 0 }, new Map()), minFidelity };
          const origin: [number, number, number] = [0.5, 0.5, 0.5];
          const got = ranker.rank(sets, within, filter, sort, origin, need);

          const inWithin = within ? new Set(within.flatMap((s) => [...s])) : null;
          const matches = [...new Set(sets.flatMap((s) => [...s]))].filter((i) => (!inWithin || inWithin.has(i)) && c.fidelity[i] >= minFidelity);
          const d2 = (i: number) => (c.x[i] - 0.5) ** 2 + (c.y[i] - 0.5) ** 2 + (c.z[i] - 0.5) ** 2;
          const key = (i: number): [number, number] =>
            sort === 'relevance' ? [-c.relevance[i], 0] : sort === 'rating' ? [-c.rating[i], -c.ratingCount[i]] : sort === 'name' ? [c.nameRank[i], 0] : [d2(i), 0];
          matches.sort((a, b) => key(a)[0] - key(b)[0] || key(a)[1] - key(b)[1] || c.id[a] - c.id[b]);
          expect(got.total).toBe(matches.length);
          expect(got.hits.map((h) => h.position)).toEqual(matches.slice(0, need));
        },
      ),
      { numRuns: RUNS },
    );
  });

  for (const [label, cols, sets, runs] of [
    ['3,000 places', c, parts, RUNS],
    ['40,000 places', big, bigParts, Math.min(RUNS, 40)],
  ] as const) {
    it(`reads disjoint sets in a fixed order by buckets, and gets the same total and page as a brute-force scan, with any column filter (${label})`, () => {
      const inOrder = new Ranker(cols, 0);
      const answered = vi.spyOn(Ranker.prototype as unknown as { rankInOrder: () => unknown }, 'rankInOrder');
      fc.assert(
        fc.property(
          fc.subarray([0, 1, 2, 3], { minLength: 1 }),
          filters,
          fc.constantFrom('relevance', 'rating', 'name') as fc.Arbitrary<FixedSort>,
          fc.integer({ min: 1, max: 300 }),
          (partIdx, filter, sort, need) => {
            const chosen = partIdx.map((k) => sets[k]);
            const origin = [0.25, 0.5, 0.75] as const;
            const got = inOrder.rank(chosen, null, filter, sort, origin, need, true);
            const matches = bruteForce(cols, chosen.flatMap((s) => [...s]).filter((i) => keeps(cols, filter, i)), sort, origin);
            expect(got.total).toBe(matches.length);
            expect(got.hits.map((h) => h.position)).toEqual(matches.slice(0, need));
            const d2 = (i: number) => (cols.x[i] - origin[0]) ** 2 + (cols.y[i] - origin[1]) ** 2 + (cols.z[i] - origin[2]) ** 2;
            for (const h of got.hits) expect(h.c2).toBeCloseTo(d2(h.position), 12);
          },
        ),
        { numRuns: runs },
      );
      // The buckets, not the pass, answered a good share of the searches (the others kept too few for the page).
      const byBuckets = answered.mock.results.filter((r) => r.value !== null).length;
      expect(byBuckets).toBeGreaterThan(runs / 4);
      answered.mockRestore();
    });
  }

  it('buckets a set so that every place of a bucket comes after every place of the buckets before it, and counts it by filter', () => {
    for (const [cols, sets] of [[c, [...parts, pool[4]]], [big, [bigParts[1]]]] as const) {
      const ordered = new OrderedSets(cols);
      for (const set of sets) {
        for (const sort of ['relevance', 'rating', 'name'] as const) {
          const { order, starts } = ordered.orderOf(set, sort);
          expect([...order].sort((a, b) => a - b)).toEqual([...set]);
          expect(starts.length).toBeGreaterThan(100);
          const key = keyOf(cols, sort, [0, 0, 0]);
          const before = (p: number, q: number) => key(p)[0] - key(q)[0] || key(p)[1] - key(q)[1] || cols.id[p] - cols.id[q];
          // Each non-empty bucket's last place comes before the next non-empty bucket's first.
          let previousLast: number | null = null;
          for (let b = 0; b + 1 < starts.length; b++) {
            const bucket = [...order.subarray(starts[b], starts[b + 1])].sort(before);
            if (!bucket.length) continue;
            if (previousLast !== null) expect(before(previousLast, bucket[0])).toBeLessThan(0);
            previousLast = bucket.at(-1)!;
          }
        }
        fc.assert(fc.property(filters, (filter) => ordered.count(set, filter) === [...set].filter((i) => keeps(cols, filter, i)).length), { numRuns: 50 });
      }
    }
  });
});
