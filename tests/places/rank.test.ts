// The one-pass ranking behind searches by locations (SQLite's point grid, PostgreSQL's copy of the columns), held to
// a brute-force filter and sort: sets that overlap, sets a search must also lie in (small ones marked per search,
// large ones kept as bitsets between searches), and the same sets asked again in another combination.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mulberry32 } from '@/lib/places/dataset/prng';
import { gridFilterOf, Ranker, type RankColumns } from '@/lib/places/store/rank';

const RUNS = Number(process.env.PROPERTY_RUNS ?? 300);
const N = 3000;

function columns(): RankColumns {
  const rng = mulberry32(17);
  const f64 = (f: (i: number) => number) => Float64Array.from({ length: N }, (_, i) => f(i));
  const names = Array.from({ length: N }, (_, i) => i).sort(() => rng() - 0.5);
  return {
    id: f64((i) => 10 + i),
    x: f64(() => rng()),
    y: f64(() => rng()),
    z: f64(() => rng()),
    tags: Int32Array.from({ length: N }, () => Math.floor(rng() * 8)),
    chain: Int32Array.from({ length: N }, () => Math.floor(rng() * 3)),
    fidelity: Uint8Array.from({ length: N }, () => Math.floor(rng() * 6)),
    rv: Uint8Array.from({ length: N }, () => (rng() < 0.2 ? 1 : 0)),
    relevance: f64(() => Math.round(rng() * 50)),
    rating: f64(() => Math.round(rng() * 10) / 2),
    ratingCount: Int32Array.from({ length: N }, () => Math.floor(rng() * 5)),
    nameRank: Int32Array.from({ length: N }, (_, i) => names[i]),
  };
}

const c = columns();
/** Fixed sets, so the ranker meets the same arrays again (its bitsets are kept per array): small and large ones. */
const rng = mulberry32(3);
const pool = [5, 40, 90, 200, 1200, 2500, N].map((size) => {
  const picked = new Set<number>();
  while (picked.size < Math.min(size, N)) picked.add(Math.floor(rng() * N));
  return Int32Array.from(picked).sort();
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
});
