import type { GeoBox } from '../../geo';
import type { RouteMeasure } from '../../route/line';
import { inArea, newMeasure, type SearchArea } from '../area';
import { FINE_CELL_SQL, fineCellRanges, lowerBound } from '../grid';
import { bucketPositions, type PositionBuckets, visitNearestBuckets } from './position-buckets';
import { keepsPlace, type LocatedKey } from '../search-plan';
import type { Db } from './schema';

/**
 * Which places a nearest-first search or an edge count keeps: every place, those with (or without) one tag bit, or
 * those of (or not of) one chain code.
 */
export interface PointFilter {
  kind: LocatedKey['kind'];
  param: number;
}

/**
 * A search's filter on the grid's own columns (tags, chain, fidelity, RV flag), and a check by id for what the grid
 * does not hold (text matches, RV details), run last.
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
  byId: ((id: number) => boolean) | null;
}

/** The orders `rank` keeps: the stores' own (order.ts), from the grid's columns and its name ranks. */
export type GridSort = 'relevance' | 'rating' | 'distance' | 'name';

/** The row shape of the SQL scans: id, lon, lat, x, y, z, tags, chain, fidelity, rv, relevance, rating, rating_count. */
export type PointRow = [number, number, number, number, number, number, number, number, number, number, number, number, number];

export interface PointHit {
  row: PointRow;
  c2: number;
  /** The place's measure from the route, when the area has a corridor. */
  route: RouteMeasure | null;
}

/** Rows read between two yields while a grid is built, so a background build leaves room for requests. */
export const BUILD_CHUNK = 20_000;

/**
 * Every place's search columns in memory, in fine-cell order: a run of consecutive fine cells is one contiguous
 * slice of typed arrays. The count table answers the cells wholly inside an area; this answers its edge, the nearest
 * places and the area reads of a common word, in microseconds where SQLite costs a statement per cell range and
 * a lookup per row. About 85 bytes a place. Immutable: a change to the data means a new grid (see MemoryIndex).
 */
export class PointGrid {
  private constructor(
    private readonly cell: Int32Array,
    private readonly id: Float64Array,
    private readonly lon: Float64Array,
    private readonly lat: Float64Array,
    private readonly x: Float64Array,
    private readonly y: Float64Array,
    private readonly z: Float64Array,
    private readonly tags: Int32Array,
    private readonly chain: Int32Array,
    private readonly fidelity: Uint8Array,
    private readonly rv: Uint8Array,
    private readonly relevance: Float64Array,
    private readonly rating: Float64Array,
    private readonly ratingCount: Int32Array,
    /** Each place's position in the name order, so `rank` sorts by name without the names. */
    private readonly nameRank: Int32Array,
  ) {}

  /** Reads every place, yielding every BUILD_CHUNK rows; the caller holds a read transaction around it. */
  static *build(db: Db): Generator<void, PointGrid> {
    const n = db.prepare('SELECT count(*) FROM places').pluck().get() as number;
    const g = new PointGrid(
      new Int32Array(n), new Float64Array(n), new Float64Array(n), new Float64Array(n), new Float64Array(n),
      new Float64Array(n), new Float64Array(n), new Int32Array(n), new Int32Array(n), new Uint8Array(n),
      new Uint8Array(n), new Float64Array(n), new Float64Array(n), new Int32Array(n), new Int32Array(n),
    );
    const rows = db
      .prepare(`SELECT ${FINE_CELL_SQL} AS f, id, lon, lat, x, y, z, tags, chain, fidelity, rv, relevance, rating, rating_count FROM places ORDER BY f`)
      .raw(true)
      .iterate() as Iterable<number[]>;
    let i = 0;
    for (const r of rows) {
      g.cell[i] = r[0];
      g.id[i] = r[1];
      g.lon[i] = r[2];
      g.lat[i] = r[3];
      g.x[i] = r[4];
      g.y[i] = r[5];
      g.z[i] = r[6];
      g.tags[i] = r[7];
      g.chain[i] = r[8];
      g.fidelity[i] = r[9];
      g.rv[i] = r[10];
      g.relevance[i] = r[11];
      g.rating[i] = r[12];
      g.ratingCount[i] = r[13];
      if (++i % BUILD_CHUNK === 0) yield;
    }
    // Each place's rank in the name order (name_key, then id), read from the name index.
    const names = db.prepare('SELECT id FROM places ORDER BY name_key, id').pluck().iterate() as Iterable<number>;
    let k = 0;
    for (const id of names) {
      const p = g.positionOf(id);
      if (p >= 0) g.nameRank[p] = k;
      if (++k % BUILD_CHUNK === 0) yield;
    }
    return g;
  }

  private keeps(i: number, filter: PointFilter): boolean {
    return keepsPlace(filter, this.tags[i], this.chain[i]);
  }

  private readonly measure = newMeasure();

  /** Whether place i lies in the area; its measures are then in `this.measure`. */
  private inArea(i: number, area: SearchArea): boolean {
    return inArea(area, this.x[i], this.y[i], this.z[i], this.lon[i], this.lat[i], this.cell[i], this.measure);
  }

  private hit(i: number, area: SearchArea, row: PointRow = this.row(i)): PointHit {
    const m = this.measure;
    return { row, c2: m.c2, route: area.corridor ? { c2: m.route.c2, along: m.route.along } : null };
  }

  private row(i: number): PointRow {
    return [
      this.id[i], this.lon[i], this.lat[i], this.x[i], this.y[i], this.z[i], this.tags[i], this.chain[i], this.fidelity[i],
      this.rv[i], this.relevance[i], this.rating[i], this.ratingCount[i],
    ];
  }

  /** How many places of the fine cell ranges lie in the area and pass the filter. */
  count(ranges: [number, number][], area: SearchArea, filter: PointFilter): number {
    let n = 0;
    for (const [a, b] of ranges) {
      const end = lowerBound(this.cell, b + 1);
      for (let i = lowerBound(this.cell, a); i < end; i++) if (this.keeps(i, filter) && this.inArea(i, area)) n++;
    }
    return n;
  }

  /** Places of the fine cell ranges that lie in the area and pass `keep`. */
  scan(ranges: [number, number][], area: SearchArea, keep: (row: PointRow) => boolean): PointHit[] {
    const hits: PointHit[] = [];
    for (const [a, b] of ranges) {
      const end = lowerBound(this.cell, b + 1);
      for (let i = lowerBound(this.cell, a); i < end; i++) {
        if (!this.inArea(i, area)) continue;
        const row = this.row(i);
        if (keep(row)) hits.push(this.hit(i, area, row));
      }
    }
    return hits;
  }

  /** Places in the area that pass the filter, read from the fine cells covering `bounds` (a box around the area). */
  within(bounds: GeoBox, area: SearchArea, filter: PointFilter): PointHit[] {
    const hits: PointHit[] = [];
    for (const [a, b] of fineCellRanges(bounds)) {
      const end = lowerBound(this.cell, b + 1);
      for (let i = lowerBound(this.cell, a); i < end; i++) {
        if (this.keeps(i, filter) && this.inArea(i, area)) hits.push(this.hit(i, area));
      }
    }
    return hits;
  }

  /** Ids in order and their grid positions, made at the first lookup by id. */
  private byId: { ids: Float64Array; pos: Int32Array } | null = null;

  private idIndex(): { ids: Float64Array; pos: Int32Array } {
    if (!this.byId) {
      const n = this.id.length;
      const pos = new Int32Array(n);
      let maxId = 0;
      for (let i = 0; i < n; i++) maxId = Math.max(maxId, this.id[i]);
      const scale = 2 ** Math.ceil(Math.log2(n + 1));
      if (maxId * scale + scale < Number.MAX_SAFE_INTEGER && this.id.every((v) => v >= 0)) {
        // id and position packed in one double: a native numeric sort, a second or two faster than a comparator.
        const packed = new Float64Array(n);
        for (let i = 0; i < n; i++) packed[i] = this.id[i] * scale + i;
        packed.sort();
        for (let k = 0; k < n; k++) pos[k] = packed[k] % scale;
      } else {
        for (let i = 0; i < n; i++) pos[i] = i;
        pos.sort((a, b) => this.id[a] - this.id[b]);
      }
      this.byId = { ids: Float64Array.from(pos, (i) => this.id[i]), pos };
    }
    return this.byId;
  }

  /** The grid position of a place by id, or -1 when it is not in the grid. */
  private positionOf(id: number): number {
    const { ids: sorted, pos } = this.idIndex();
    let lo = 0;
    let hi = sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (sorted[mid] < id) lo = mid + 1;
      else hi = mid;
    }
    return lo < sorted.length && sorted[lo] === id ? pos[lo] : -1;
  }

  /** The grid positions of places by id (ids not in the grid are left out), in grid order. */
  positionsOf(ids: ArrayLike<number>): Int32Array {
    const out = new Int32Array(ids.length);
    let n = 0;
    for (let k = 0; k < ids.length; k++) {
      const p = this.positionOf(ids[k]);
      if (p >= 0) out[n++] = p;
    }
    // In grid order, the arrays are read front to back rather than at random.
    return out.subarray(0, n).sort();
  }

  /** Grid positions grouped into geographic buckets (see PositionBuckets). */
  bucketsOf(positions: Int32Array): PositionBuckets {
    return bucketPositions(positions, this.lon, this.lat, this.x, this.y, this.z);
  }

  /**
   * The `need` places nearest to the origin among the bucketed grid positions that pass the filter, nearest first
   * (ties by id), kept in a bounded heap: the buckets are read nearest box first, and the read stops at the first box
   * farther than the worst place kept, so a country costs its few buckets near the center.
   */
  nearestAmong(sets: PositionBuckets[], origin: readonly [number, number, number], filter: PointFilter, need: number): PointHit[] {
    const heap: number[] = [];
    const c2s: number[] = [];
    // A max-heap on (c2, id): the root is the worst kept.
    const worse = (a: number, b: number) => c2s[a] > c2s[b] || (c2s[a] === c2s[b] && this.id[heap[a]] > this.id[heap[b]]);
    const swap = (a: number, b: number) => {
      [heap[a], heap[b]] = [heap[b], heap[a]];
      [c2s[a], c2s[b]] = [c2s[b], c2s[a]];
    };
    const add = (i: number) => {
      if (!this.keeps(i, filter)) return;
      const dx = this.x[i] - origin[0];
      const dy = this.y[i] - origin[1];
      const dz = this.z[i] - origin[2];
      const c2 = dx * dx + dy * dy + dz * dz;
      if (heap.length === need) {
        if (c2 > c2s[0] || (c2 === c2s[0] && this.id[i] > this.id[heap[0]])) return;
        heap[0] = i;
        c2s[0] = c2;
        for (let j = 0; ; ) {
          const l = 2 * j + 1;
          const r = l + 1;
          let m = j;
          if (l < need && worse(l, m)) m = l;
          if (r < need && worse(r, m)) m = r;
          if (m === j) break;
          swap(j, m);
          j = m;
        }
      } else {
        heap.push(i);
        c2s.push(c2);
        for (let j = heap.length - 1; j > 0; ) {
          const parent = (j - 1) >> 1;
          if (!worse(j, parent)) break;
          swap(j, parent);
          j = parent;
        }
      }
    };
    if (need > 0) {
      visitNearestBuckets(sets, origin, (set, b, boxC2) => {
        // A box exactly as far as the worst kept may still hold a place that ties it with a smaller id.
        if (heap.length === need && boxC2 > c2s[0]) return false;
        for (let k = set.start[b]; k < set.start[b + 1]; k++) add(set.positions[k]);
        return true;
      });
    }
    const hits = heap.map((i, k) => ({ row: this.row(i), c2: c2s[k], route: null }));
    return hits.sort((a, b) => a.c2 - b.c2 || a.row[0] - b.row[0]);
  }

  /** Whether place i passes the filter. */
  private passes(i: number, f: GridFilter): boolean {
    const tags = this.tags[i];
    if (f.anyTags && !(tags & f.anyTags)) return false;
    if (tags & f.noTags) return false;
    if (f.chainsIn && !f.chainsIn.has(this.chain[i])) return false;
    if (f.chainsOut && f.chainsOut.has(this.chain[i])) return false;
    const fidelity = this.fidelity[i];
    if (fidelity < f.minFidelity || fidelity > f.maxFidelity) return false;
    if (f.rvOnly && this.rv[i] !== 1) return false;
    return !f.byId || f.byId(this.id[i]);
  }

  /** Marks of `rank` (one number per place: a place is marked when it holds the current mark). */
  private marks: Uint32Array | null = null;
  private mark = 0;

  private nextMark(): Uint32Array {
    if (!this.marks || this.mark === 0xffffffff) {
      this.marks = new Uint32Array(this.id.length);
      this.mark = 0;
    }
    this.mark++;
    return this.marks;
  }

  private rvPositionsCache: Int32Array | null = null;

  /** The grid positions of the RV service providers, in grid order. */
  rvPositions(): Int32Array {
    if (!this.rvPositionsCache) {
      const out: number[] = [];
      for (let i = 0; i < this.rv.length; i++) if (this.rv[i] === 1) out.push(i);
      this.rvPositionsCache = Int32Array.from(out);
    }
    return this.rvPositionsCache;
  }

  /**
   * The places of `sets` (grid positions; a place in several sets counts once) that pass the filter and, with
   * `within`, lie in one of those sets too: their number, and the first `need` in the sort's order, kept in a bounded
   * heap in one pass. A whole country costs a few milliseconds whatever the filter, with no row read from SQLite.
   */
  rank(
    sets: readonly Int32Array[],
    within: readonly Int32Array[] | null,
    filter: GridFilter,
    sort: GridSort,
    origin: readonly [number, number, number] | undefined,
    need: number,
  ): { total: number; hits: PointHit[] } {
    const marks = this.nextMark();
    const mark = this.mark;
    if (within) for (const set of within) for (let k = 0; k < set.length; k++) marks[set[k]] = mark;
    const dedupe = !within && sets.length > 1;
    // A max-heap on (first key, second key, id): the root is the worst kept. Smaller keys come first.
    const heap = new Int32Array(need);
    const k1 = new Float64Array(need);
    const k2 = new Float64Array(need);
    let size = 0;
    const id = this.id;
    const worse = (a: number, b: number) => k1[a] > k1[b] || (k1[a] === k1[b] && (k2[a] > k2[b] || (k2[a] === k2[b] && id[heap[a]] > id[heap[b]])));
    const swap = (a: number, b: number) => {
      const h = heap[a]; heap[a] = heap[b]; heap[b] = h;
      const x = k1[a]; k1[a] = k1[b]; k1[b] = x;
      const y = k2[a]; k2[a] = k2[b]; k2[b] = y;
    };
    const [ox, oy, oz] = origin ?? [0, 0, 0];
    let total = 0;
    for (const set of sets) {
      for (let k = 0; k < set.length; k++) {
        const i = set[k];
        if (within) {
          if (marks[i] !== mark) continue;
        } else if (dedupe) {
          if (marks[i] === mark) continue;
          marks[i] = mark;
        }
        if (!this.passes(i, filter)) continue;
        total++;
        if (need === 0) continue;
        let a: number;
        let b = 0;
        if (sort === 'distance') {
          const dx = this.x[i] - ox;
          const dy = this.y[i] - oy;
          const dz = this.z[i] - oz;
          a = dx * dx + dy * dy + dz * dz;
        } else if (sort === 'relevance') a = -this.relevance[i];
        else if (sort === 'name') a = this.nameRank[i];
        else {
          a = -this.rating[i];
          b = -this.ratingCount[i];
        }
        if (size === need) {
          if (a > k1[0] || (a === k1[0] && (b > k2[0] || (b === k2[0] && id[i] > id[heap[0]])))) continue;
          heap[0] = i;
          k1[0] = a;
          k2[0] = b;
          for (let j = 0; ; ) {
            const l = 2 * j + 1;
            const r = l + 1;
            let m = j;
            if (l < size && worse(l, m)) m = l;
            if (r < size && worse(r, m)) m = r;
            if (m === j) break;
            swap(j, m);
            j = m;
          }
        } else {
          heap[size] = i;
          k1[size] = a;
          k2[size] = b;
          for (let j = size++; j > 0; ) {
            const parent = (j - 1) >> 1;
            if (!worse(j, parent)) break;
            swap(j, parent);
            j = parent;
          }
        }
      }
    }
    const order = Array.from({ length: size }, (_, k) => k).sort((p, q) => k1[p] - k1[q] || k2[p] - k2[q] || id[heap[p]] - id[heap[q]]);
    const hits = order.map((k) => {
      const i = heap[k];
      const dx = this.x[i] - ox;
      const dy = this.y[i] - oy;
      const dz = this.z[i] - oz;
      return { row: this.row(i), c2: origin ? dx * dx + dy * dy + dz * dz : 0, route: null };
    });
    return { total, hits };
  }

  /** Rows of the places in the fine cell ranges whose id passes `keep` (the caller checks the area). */
  rowsWhere(ranges: [number, number][], keep: (id: number) => boolean): PointRow[] {
    const rows: PointRow[] = [];
    for (const [a, b] of ranges) {
      const end = lowerBound(this.cell, b + 1);
      for (let i = lowerBound(this.cell, a); i < end; i++) if (keep(this.id[i])) rows.push(this.row(i));
    }
    return rows;
  }
}
