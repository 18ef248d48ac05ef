/** The columns a ranking reads, one entry per position. */
export interface RankColumns {
  id: Float64Array;
  x: Float64Array;
  y: Float64Array;
  z: Float64Array;
  tags: Int32Array;
  chain: Int32Array;
  fidelity: Uint8Array;
  rv: Uint8Array;
  relevance: Float64Array;
  rating: Float64Array;
  ratingCount: Int32Array;
  /** Each place's position in the name order (name_key, then id), so a ranking sorts by name without the names. */
  nameRank: Int32Array;
}

/**
 * A search's filter on the columns (tags, chain, fidelity, RV flag); what they do not hold (text matches, RV
 * details) the caller applies through the positions it passes.
 */
export interface GridFilter {
  /** At least one of these tag bits (0: no condition). */
  anyTags: number;
  /** None of these tag bits. */
  noTags: number;
  chainsIn: ReadonlySet<number> | null;
  chainsOut: ReadonlySet<number> | null;
  minFidelity: number;
  maxFidelity: number;
  rvOnly: boolean;
}

/** The sorts whose order does not depend on the search (no center, no route). */
export type FixedSort = 'relevance' | 'rating' | 'name';

/** Places sampled to choose the buckets' bounds, and places per bucket in that sample: 1,024 buckets. */
const SAMPLE = 16_384;
const PER_BUCKET = 16;

/** A set's places grouped by bucket of the sort's order: bucket b is `order[starts[b] .. starts[b + 1] - 1]`. */
export interface SetOrder {
  order: Int32Array;
  starts: Int32Array;
}

/** A set's places counted by the columns a filter reads: one entry per distinct (tags, chain, fidelity, RV flag). */
interface SetCounts {
  tags: Int32Array;
  chain: Int32Array;
  fidelity: Uint8Array;
  rv: Uint8Array;
  n: Int32Array;
}

/**
 * The columns a fixed order sorts by: `sign` times `first` ascending, then `second` descending (none: no second
 * key), then id. The one definition of these orders, for the ranking's pass and for the buckets.
 */
export function sortColumns(c: RankColumns, sort: FixedSort): { first: Float64Array | Int32Array; sign: 1 | -1; second: Int32Array | null } {
  if (sort === 'rating') return { first: c.rating, sign: -1, second: c.ratingCount };
  if (sort === 'relevance') return { first: c.relevance, sign: -1, second: null };
  return { first: c.nameRank, sign: 1, second: null };
}

/** Whether place values pass the filter: the same test as the ranking's pass, which inlines it for speed. */
export function passes(f: GridFilter, tags: number, chain: number, fidelity: number, rv: number): boolean {
  return (
    (f.anyTags === 0 || (tags & f.anyTags) !== 0) &&
    (tags & f.noTags) === 0 &&
    fidelity >= f.minFidelity &&
    fidelity <= f.maxFidelity &&
    (f.chainsIn === null || f.chainsIn.has(chain)) &&
    (f.chainsOut === null || !f.chainsOut.has(chain)) &&
    (!f.rvOnly || rv === 1)
  );
}

/**
 * What lets a search by large locations in a fixed order skip the pass over all their places (see Ranker): each
 * set's places counted by filter columns (its total for any filter in a few thousand additions), and its places in
 * buckets of the sort's order, read best bucket first until the page is full. The buckets' bounds are places of an
 * evenly spread sample sorted exactly (rating, then rating count, then id; ties cannot span a bound), so every place
 * of a bucket comes after every place of the buckets before it. Both are built on the first search that needs them
 * (a country of 450,000 places in about 20 ms each) and kept as long as the set is.
 */
export class OrderedSets {
  private readonly counts = new WeakMap<Int32Array, SetCounts>();
  private readonly orders = new WeakMap<Int32Array, Map<FixedSort, SetOrder>>();
  private readonly bounds = new Map<FixedSort, Int32Array>();

  constructor(private readonly c: RankColumns) {}

  /** The heap's first and second keys of a place in a sort (smaller first; ties by id). */
  keysOf(sort: FixedSort): { first: (i: number) => number; second: (i: number) => number } {
    const { first, sign, second } = sortColumns(this.c, sort);
    return { first: (i) => sign * first[i], second: second ? (i) => -second[i] : () => 0 };
  }

  /** How many places of the set pass the filter. */
  count(set: Int32Array, f: GridFilter): number {
    const k = this.countsOf(set);
    let total = 0;
    for (let j = 0; j < k.n.length; j++) if (passes(f, k.tags[j], k.chain[j], k.fidelity[j], k.rv[j])) total += k.n[j];
    return total;
  }

  /** The set's places in buckets of the sort's order. */
  orderOf(set: Int32Array, sort: FixedSort): SetOrder {
    let bySort = this.orders.get(set);
    if (!bySort) this.orders.set(set, (bySort = new Map()));
    let order = bySort.get(sort);
    if (!order) bySort.set(sort, (order = this.bucketed(set, sort)));
    return order;
  }

  private countsOf(set: Int32Array): SetCounts {
    const cached = this.counts.get(set);
    if (cached) return cached;
    const { tags, chain, fidelity, rv } = this.c;
    // (chain, fidelity, RV flag) in one number, under each tag mask: two small maps, no string per place.
    const byTags = new Map<number, Map<number, number>>();
    const entries: number[] = [];
    const n: number[] = [];
    for (let k = 0; k < set.length; k++) {
      const i = set[k];
      let inner = byTags.get(tags[i]);
      if (!inner) byTags.set(tags[i], (inner = new Map()));
      const rest = (chain[i] * 256 + fidelity[i]) * 2 + rv[i];
      const j = inner.get(rest);
      if (j === undefined) {
        inner.set(rest, n.length);
        entries.push(i);
        n.push(1);
      } else n[j]++;
    }
    const counts: SetCounts = {
      tags: Int32Array.from(entries, (i) => tags[i]),
      chain: Int32Array.from(entries, (i) => chain[i]),
      fidelity: Uint8Array.from(entries, (i) => fidelity[i]),
      rv: Uint8Array.from(entries, (i) => rv[i]),
      n: Int32Array.from(n),
    };
    this.counts.set(set, counts);
    return counts;
  }

  /** The bounds between buckets: sampled places in the exact order, every PER_BUCKET-th. */
  private boundsOf(sort: FixedSort): Int32Array {
    let bounds = this.bounds.get(sort);
    if (bounds) return bounds;
    const n = this.c.id.length;
    const size = Math.min(n, SAMPLE);
    const sample = Int32Array.from({ length: size }, (_, k) => Math.floor((k * n) / size));
    const before = this.comparator(sort);
    sample.sort(before);
    bounds = Int32Array.from({ length: Math.max(0, Math.ceil(size / PER_BUCKET) - 1) }, (_, b) => sample[(b + 1) * PER_BUCKET]);
    this.bounds.set(sort, bounds);
    return bounds;
  }

  private comparator(sort: FixedSort): (p: number, q: number) => number {
    const { first, second } = this.keysOf(sort);
    const id = this.c.id;
    return (p, q) => first(p) - first(q) || second(p) - second(q) || id[p] - id[q];
  }

  /** A counting sort of the set by bucket: the bucket of a place is the number of bounds at or before it. */
  private bucketed(set: Int32Array, sort: FixedSort): SetOrder {
    const bounds = this.boundsOf(sort);
    const { first, second } = this.keysOf(sort);
    const id = this.c.id;
    // The bounds' keys in arrays, so that each place is placed by comparing numbers, not by calling the comparator.
    const bFirst = Float64Array.from(bounds, first);
    const bSecond = Float64Array.from(bounds, second);
    const bId = Float64Array.from(bounds, (i) => id[i]);
    const bucket = new Uint16Array(set.length);
    const starts = new Int32Array(bounds.length + 2);
    for (let k = 0; k < set.length; k++) {
      const i = set[k];
      const f = first(i);
      const s = second(i);
      const d = id[i];
      let lo = 0;
      let hi = bounds.length;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        const bf = bFirst[mid];
        if (bf < f || (bf === f && (bSecond[mid] < s || (bSecond[mid] === s && bId[mid] <= d)))) lo = mid + 1;
        else hi = mid;
      }
      bucket[k] = lo;
      starts[lo + 1]++;
    }
    for (let b = 1; b < starts.length; b++) starts[b] += starts[b - 1];
    const next = starts.slice(0, -1);
    const order = new Int32Array(set.length);
    for (let k = 0; k < set.length; k++) order[next[bucket[k]]++] = set[k];
    return { order, starts };
  }
}
