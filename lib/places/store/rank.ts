import { maskOf } from '../catalog';
import { tagBits } from './place-columns';
import type { RouteMeasure } from '../route/line';
import { inArea, newMeasure, type SearchArea } from './area';
import { lowerBound } from './grid';
import type { SearchQuery } from './types';
import { type FixedSort, type GridFilter, OrderedSets, passes, type RankColumns, sortColumns } from './ordered-sets';

export type { GridFilter, RankColumns };

/**
 * One pass over places held in memory as typed arrays (a "position" is an index into them): the matches of a
 * search by locations counted and its page kept in a bounded heap, in the stores' own orders (order.ts). SQLite's
 * point grid and PostgreSQL's place columns both rank through this.
 */

export type GridSort = 'relevance' | 'rating' | 'distance' | 'name' | 'route';

/** An area the ranked places must lie in (a route's corridor), tested after the filter. */
export interface RankArea {
  contains(position: number): boolean;
  /** The measure from the route of the position last found inside: the route order's keys. */
  readonly route: RouteMeasure;
}

/** The columns the exact area test reads (see inArea): unit vector, longitude and latitude, fine cell. */
export interface AreaColumns {
  x: Float64Array;
  y: Float64Array;
  z: Float64Array;
  lon: Float64Array;
  lat: Float64Array;
  cell: Int32Array;
}

/** The area as the ranking tests it, on columns held in memory. */
export function rankAreaOf(area: SearchArea, c: AreaColumns): RankArea {
  const m = newMeasure();
  return { contains: (i) => inArea(area, c.x[i], c.y[i], c.z[i], c.lon[i], c.lat[i], c.cell[i], m), route: m.route };
}

export interface Ranked {
  total: number;
  /** The first `need` positions in the sort's order, with their squared chord from the origin (0 without one). */
  hits: { position: number; c2: number }[];
}

/**
 * The `need` best positions seen, by (first key, second key, id), smaller first: a max-heap on typed arrays whose
 * root is the worst kept, so a position worse than it is refused with one comparison.
 */
export class BoundedHeap {
  private readonly heap: Int32Array;
  private readonly k1: Float64Array;
  private readonly k2: Float64Array;
  size = 0;

  constructor(
    readonly need: number,
    private readonly id: Float64Array,
  ) {
    this.heap = new Int32Array(need);
    this.k1 = new Float64Array(need);
    this.k2 = new Float64Array(need);
  }

  get full(): boolean {
    return this.size === this.need;
  }

  /** The first key of the worst position kept (meaningful once full). */
  get worstKey(): number {
    return this.k1[0];
  }

  private worse(a: number, b: number): boolean {
    const { k1, k2, id, heap } = this;
    return k1[a] > k1[b] || (k1[a] === k1[b] && (k2[a] > k2[b] || (k2[a] === k2[b] && id[heap[a]] > id[heap[b]])));
  }

  private swap(a: number, b: number): void {
    const { k1, k2, heap } = this;
    const h = heap[a]; heap[a] = heap[b]; heap[b] = h;
    const x = k1[a]; k1[a] = k1[b]; k1[b] = x;
    const y = k2[a]; k2[a] = k2[b]; k2[b] = y;
  }

  /** Keeps position i with its keys if it is among the best `need` so far. */
  offer(i: number, a: number, b: number): void {
    const { k1, k2, heap, id } = this;
    if (this.size === this.need) {
      if (this.need === 0 || a > k1[0] || (a === k1[0] && (b > k2[0] || (b === k2[0] && id[i] > id[heap[0]])))) return;
      heap[0] = i;
      k1[0] = a;
      k2[0] = b;
      for (let j = 0; ; ) {
        const l = 2 * j + 1;
        const r = l + 1;
        let m = j;
        if (l < this.size && this.worse(l, m)) m = l;
        if (r < this.size && this.worse(r, m)) m = r;
        if (m === j) break;
        this.swap(j, m);
        j = m;
      }
    } else {
      heap[this.size] = i;
      k1[this.size] = a;
      k2[this.size] = b;
      for (let j = this.size++; j > 0; ) {
        const parent = (j - 1) >> 1;
        if (!this.worse(j, parent)) break;
        this.swap(j, parent);
        j = parent;
      }
    }
  }

  /** The positions kept, best first, with their first key. */
  sorted(): { position: number; key: number }[] {
    const { k1, k2, heap, id } = this;
    return Array.from({ length: this.size }, (_, k) => k)
      .sort((p, q) => k1[p] - k1[q] || k2[p] - k2[q] || id[heap[p]] - id[heap[q]])
      .map((k) => ({ position: heap[k], key: k1[k] }));
  }
}

/** A search's filters on the columns; text and RV details are left to the caller (the positions it passes). */
export function gridFilterOf(q: SearchQuery, chainCodes: ReadonlyMap<string, number>): GridFilter {
  const codeOf = (c: string) => chainCodes.get(c) ?? -1;
  return {
    anyTags: maskOf(q.tags.include, tagBits),
    noTags: maskOf(q.tags.exclude, tagBits),
    chainsIn: q.chains.include.length ? new Set(q.chains.include.map(codeOf)) : null,
    chainsOut: q.chains.exclude.length ? new Set(q.chains.exclude.map(codeOf)) : null,
    minFidelity: q.minFidelity ?? 0,
    maxFidelity: q.maxFidelity ?? 255,
    rvOnly: !!q.rv,
  };
}

/** The positions in both of two ascending lists, ascending: each of the shorter looked up in the longer. */
export function intersectSorted(a: Int32Array, b: Int32Array): Int32Array {
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  const out = new Int32Array(short.length);
  let n = 0;
  let lo = 0;
  for (let k = 0; k < short.length && lo < long.length; k++) {
    lo = lowerBound(long, short[k], lo);
    if (long[lo] === short[k]) out[n++] = short[k];
  }
  return out.subarray(0, n);
}

/**
 * The positions 0..n-1 sorted by their (integer) key, ties by position. Where they fit, key and position are packed
 * in one double and sorted natively: a second or two faster than a comparator at a million.
 */
export function orderByKey(keys: ArrayLike<number>): Int32Array {
  const n = keys.length;
  const order = new Int32Array(n);
  let maxKey = 0;
  let negative = false;
  for (let i = 0; i < n; i++) {
    maxKey = Math.max(maxKey, keys[i]);
    if (keys[i] < 0) negative = true;
  }
  const scale = 2 ** Math.ceil(Math.log2(n + 1));
  if (maxKey * scale + scale < Number.MAX_SAFE_INTEGER && !negative) {
    const packed = new Float64Array(n);
    for (let i = 0; i < n; i++) packed[i] = keys[i] * scale + i;
    packed.sort();
    for (let k = 0; k < n; k++) order[k] = packed[k] % scale;
  } else {
    for (let i = 0; i < n; i++) order[i] = i;
    order.sort((a, b) => keys[a] - keys[b] || a - b);
  }
  return order;
}

/** Ids spread over at most this many times their number are looked up in a table from id to position. */
const DENSE_SPREAD = 4;

/**
 * Positions of places by id. A store's ids are mostly dense integers: then a table from id to position, made in one
 * pass (10 to 20 ms at a million places); otherwise the ids in order with their positions (a sort: 0.3 to 0.4 s).
 */
export class IdIndex {
  private constructor(
    /** Sorted ids and their positions, or a table indexed by `id - base` (-1 where no place has that id). */
    private readonly ids: Float64Array | null,
    private readonly pos: Int32Array,
    private readonly base: number,
    private readonly size: number,
  ) {}

  static of(id: Float64Array): IdIndex {
    let min = Infinity;
    let max = -Infinity;
    let integers = true;
    for (let i = 0; i < id.length; i++) {
      const v = id[i];
      if (v < min) min = v;
      if (v > max) max = v;
      if (!Number.isInteger(v)) integers = false;
    }
    if (integers && id.length > 0 && max - min < DENSE_SPREAD * id.length + 1024) {
      const table = new Int32Array(max - min + 1).fill(-1);
      for (let i = 0; i < id.length; i++) table[id[i] - min] = i;
      return new IdIndex(null, table, min, id.length);
    }
    const pos = orderByKey(id);
    return new IdIndex(Float64Array.from(pos, (i) => id[i]), pos, 0, id.length);
  }

  /** From each position's rank in id order, as a database computed it: no sort. */
  static fromRanks(id: Float64Array, rank: Int32Array): IdIndex {
    const ids = new Float64Array(id.length);
    const pos = new Int32Array(id.length);
    for (let i = 0; i < id.length; i++) {
      ids[rank[i]] = id[i];
      pos[rank[i]] = i;
    }
    return new IdIndex(ids, pos, 0, id.length);
  }

  /** The position of a place by id, or -1 when it is not held. */
  positionOf(id: number): number {
    const sorted = this.ids;
    if (!sorted) {
      const k = id - this.base;
      return k >= 0 && k < this.pos.length && Number.isInteger(k) ? this.pos[k] : -1;
    }
    let lo = 0;
    let hi = sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (sorted[mid] < id) lo = mid + 1;
      else hi = mid;
    }
    return lo < sorted.length && sorted[lo] === id ? this.pos[lo] : -1;
  }

  /**
   * The positions of places by id (ids not held are left out, a repeated id once), in ascending order, so they are
   * read front to back. Many ids (a country's) are marked and swept rather than sorted.
   */
  positionsOf(ids: ArrayLike<number>): Int32Array {
    if (ids.length * 16 >= this.size) {
      const marks = new Uint8Array(this.size);
      let n = 0;
      for (let k = 0; k < ids.length; k++) {
        const p = this.positionOf(ids[k]);
        if (p >= 0 && !marks[p]) {
          marks[p] = 1;
          n++;
        }
      }
      const out = new Int32Array(n);
      for (let p = 0, j = 0; j < n; p++) if (marks[p]) out[j++] = p;
      return out;
    }
    const out = new Int32Array(ids.length);
    let n = 0;
    for (let k = 0; k < ids.length; k++) {
      const p = this.positionOf(ids[k]);
      if (p >= 0) out[n++] = p;
    }
    const sorted = out.subarray(0, n).sort();
    let unique = 0;
    for (let k = 0; k < sorted.length; k++) if (k === 0 || sorted[k] !== sorted[k - 1]) sorted[unique++] = sorted[k];
    return sorted.subarray(0, unique);
  }
}

/** Locations of at least this many places in all are read in order when a filter lets the page fill early. */
const ORDERED_FROM = 20_000;
/** Read in order when the filter keeps at least this many times the page: about 1/8 of the places read, or fewer. */
const ORDERED_SPREAD = 8;

export class Ranker {
  /** One number per place: a place is marked when it holds the current mark. */
  private marks: Uint32Array | null = null;
  private mark = 0;
  /** The members of the large sets a search was checked against, one bit per place, kept as long as the set is. */
  private readonly bitsets = new WeakMap<Int32Array, Uint32Array>();
  private scratchBits: Uint32Array | null = null;

  private readonly ordered: OrderedSets;

  constructor(
    private readonly c: RankColumns,
    /** See ORDERED_FROM (tests lower it). */
    private readonly orderedFrom = ORDERED_FROM,
  ) {
    this.ordered = new OrderedSets(c);
  }

  private nextMark(): Uint32Array {
    if (!this.marks || this.mark === 0xffffffff) {
      this.marks = new Uint32Array(this.c.id.length);
      this.mark = 0;
    }
    this.mark++;
    return this.marks;
  }

  /**
   * The places in any of `within`, one bit each. A set of at least 1/32 of the places (a country; its bitset is then
   * no larger than its positions) keeps its bitset for the next search: a country checked against a route's
   * corridor was 1.5 ms of marks per search at a million places.
   */
  private membersOf(within: readonly Int32Array[]): Uint32Array {
    const words = (this.c.id.length + 31) >>> 5;
    const large = (set: Int32Array) => set.length * 32 >= this.c.id.length;
    const bitsOf = (set: Int32Array, into: Uint32Array) => {
      for (let k = 0; k < set.length; k++) into[set[k] >>> 5] |= 1 << (set[k] & 31);
    };
    const cached = (set: Int32Array) => {
      let bits = this.bitsets.get(set);
      if (!bits) {
        bitsOf(set, (bits = new Uint32Array(words)));
        this.bitsets.set(set, bits);
      }
      return bits;
    };
    if (within.length === 1 && large(within[0])) return cached(within[0]);
    if (this.scratchBits?.length !== words) this.scratchBits = new Uint32Array(words);
    const out = this.scratchBits.fill(0);
    for (const set of within) {
      if (!large(set)) bitsOf(set, out);
      else {
        const bits = cached(set);
        for (let w = 0; w < words; w++) out[w] |= bits[w];
      }
    }
    return out;
  }

  /**
   * The places of `sets` (positions; a place in several sets counts once) that pass the filter and, with `within`,
   * lie in one of those sets too (and, with `area`, in the area): their number, and the first `need` in the sort's
   * order (ties by id), kept in a bounded heap in one pass. A whole country costs a few milliseconds at a million
   * places, whatever the filter. The route order needs an area with a corridor.
   */
  rank(
    sets: readonly Int32Array[],
    within: readonly Int32Array[] | null,
    filter: GridFilter,
    sort: GridSort,
    origin: readonly [number, number, number] | undefined,
    need: number,
    /** The sets share no place (see disjointLocations): no place needs marking as counted. */
    disjoint = false,
    area: RankArea | null = null,
  ): Ranked {
    if (within === null && area === null && need > 0 && (disjoint || sets.length === 1) && sort !== 'distance' && sort !== 'route') {
      const inOrder = this.rankInOrder(sets, filter, sort, origin, need);
      if (inOrder) return inOrder;
    }
    const c = this.c;
    const members = within ? this.membersOf(within) : null;
    const dedupe = !disjoint && sets.length > 1;
    const marks = dedupe ? this.nextMark() : null;
    const mark = this.mark;
    const heap = new BoundedHeap(need, c.id);
    const [ox, oy, oz] = origin ?? [0, 0, 0];
    // The pass reads locals, not properties, and one key column chosen before it: about a fifth faster at a million.
    const { tags: tagsOf, chain: chainOf, fidelity: fidelityOf, rv: rvOf, x, y, z } = c;
    const { anyTags, noTags, chainsIn, chainsOut, minFidelity, maxFidelity, rvOnly } = filter;
    const keys = sort === 'distance' || sort === 'route' ? null : sortColumns(c, sort);
    const firstKey = keys?.first ?? null;
    const firstSign = keys?.sign ?? 1;
    const secondKey = keys?.second ?? null;
    const byDistance = sort === 'distance';
    let total = 0;
    for (const set of sets) {
      for (let k = 0; k < set.length; k++) {
        const i = set[k];
        if (members !== null && ((members[i >>> 5] >>> (i & 31)) & 1) === 0) continue;
        if (marks !== null) {
          if (marks[i] === mark) continue;
          marks[i] = mark;
        }
        // The filter is `passes` (ordered-sets.ts) written out: calling it here made the pass about twice as slow.
        const tags = tagsOf[i];
        if (anyTags !== 0 && (tags & anyTags) === 0) continue;
        if ((tags & noTags) !== 0) continue;
        const fidelity = fidelityOf[i];
        if (fidelity < minFidelity || fidelity > maxFidelity) continue;
        if (chainsIn !== null && !chainsIn.has(chainOf[i])) continue;
        if (chainsOut !== null && chainsOut.has(chainOf[i])) continue;
        if (rvOnly && rvOf[i] !== 1) continue;
        if (area !== null && !area.contains(i)) continue;
        total++;
        if (need === 0) continue;
        let a: number;
        let b = 0;
        if (firstKey !== null) {
          a = firstSign * firstKey[i];
          if (secondKey !== null) b = -secondKey[i];
        } else if (byDistance) {
          const dx = x[i] - ox;
          const dy = y[i] - oy;
          const dz = z[i] - oz;
          a = dx * dx + dy * dy + dz * dz;
        } else {
          a = area!.route.along;
          b = area!.route.c2;
        }
        if (heap.full && a > heap.worstKey) continue;
        heap.offer(i, a, b);
      }
    }
    return { total, hits: this.hitsOf(heap, origin) };
  }

  /**
   * Calls `fn` with each place `rank` would count, once, in the order of the sets: the places of `sets` that pass
   * the filter and, with `within`, lie in one of those sets too (and, with `area`, in the area). The cluster view's
   * pass: every match's position, without ranking.
   */
  each(
    sets: readonly Int32Array[],
    within: readonly Int32Array[] | null,
    filter: GridFilter,
    disjoint: boolean,
    area: RankArea | null,
    fn: (position: number) => void,
  ): void {
    const members = within ? this.membersOf(within) : null;
    const marks = !disjoint && sets.length > 1 ? this.nextMark() : null;
    const mark = this.mark;
    const { tags, chain, fidelity, rv } = this.c;
    for (const set of sets) {
      for (let k = 0; k < set.length; k++) {
        const i = set[k];
        if (members !== null && ((members[i >>> 5] >>> (i & 31)) & 1) === 0) continue;
        if (marks !== null) {
          if (marks[i] === mark) continue;
          marks[i] = mark;
        }
        if (!passes(filter, tags[i], chain[i], fidelity[i], rv[i])) continue;
        if (area !== null && !area.contains(i)) continue;
        fn(i);
      }
    }
  }

  /**
   * The page of disjoint sets in a fixed order without a pass over all their places (see OrderedSets): the total
   * from each set's counts by filter columns, the page from its best buckets. Null where the pass costs less: small
   * sets, a filter that keeps too few for the page to fill early, or places read past a quarter of the sets (a
   * filter that keeps mostly places late in the order).
   */
  private rankInOrder(sets: readonly Int32Array[], filter: GridFilter, sort: FixedSort, origin: readonly [number, number, number] | undefined, need: number): Ranked | null {
    let size = 0;
    for (const set of sets) size += set.length;
    if (size < this.orderedFrom) return null;
    let total = 0;
    for (const set of sets) total += this.ordered.count(set, filter);
    if (total === 0) return { total, hits: [] };
    if (total < need * ORDERED_SPREAD) return null;
    const orders = sets.map((set) => this.ordered.orderOf(set, sort));
    const { first, second } = this.ordered.keysOf(sort);
    const { tags, chain, fidelity, rv } = this.c;
    const heap = new BoundedHeap(need, this.c.id);
    const buckets = orders[0].starts.length - 1;
    let read = 0;
    // A bucket is read whole before the heap is looked at: its places are in no order among themselves.
    for (let b = 0; b < buckets && !heap.full; b++) {
      for (const { order, starts } of orders) {
        const end = starts[b + 1];
        for (let k = starts[b]; k < end; k++) {
          const i = order[k];
          if (passes(filter, tags[i], chain[i], fidelity[i], rv[i])) heap.offer(i, first(i), second(i));
        }
        read += end - starts[b];
      }
      if (read * 4 > size) return null;
    }
    return { total, hits: this.hitsOf(heap, origin) };
  }

  /** The heap's positions, best first, with their squared chord from the origin (0 without one). */
  private hitsOf(heap: BoundedHeap, origin: readonly [number, number, number] | undefined): Ranked['hits'] {
    const { x, y, z } = this.c;
    const [ox, oy, oz] = origin ?? [0, 0, 0];
    return heap.sorted().map(({ position: i }) => {
      const dx = x[i] - ox;
      const dy = y[i] - oy;
      const dz = z[i] - oz;
      return { position: i, c2: origin ? dx * dx + dy * dy + dz * dz : 0 };
    });
  }
}
