import type { GeoBox } from '../../geo';
import type { RouteMeasure } from '../../route/line';
import { inArea, newMeasure, type SearchArea } from '../area';
import { FINE_CELL_SQL, fineCellRanges, lowerBound, positionsInRanges } from '../grid';
import { bucketPositions, type PositionBuckets, visitNearestBuckets } from './position-buckets';
import { keepsPlace, type LocatedKey } from '../search-plan';
import type { Db } from './schema';
import { BoundedHeap, IdIndex, type RankArea, rankAreaOf, Ranker } from '../rank';

/**
 * Which places a nearest-first search or an edge count keeps: every place, those with (or without) one tag bit, or
 * those of (or not of) one chain code.
 */
export interface PointFilter {
  kind: LocatedKey['kind'];
  param: number;
}

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

  /** The grid positions of the places in the fine cell ranges, ascending. */
  positionsIn(ranges: [number, number][]): Int32Array {
    return positionsInRanges(this.cell, ranges);
  }

  /** The area as the ranking tests it (see RankArea), on this grid's positions. */
  rankArea(area: SearchArea): RankArea {
    return rankAreaOf(area, { x: this.x, y: this.y, z: this.z, lon: this.lon, lat: this.lat, cell: this.cell });
  }

  /** The place at a grid position, measured against the area (which holds it). */
  hitAt(position: number, area: SearchArea): PointHit {
    this.inArea(position, area);
    return this.hit(position, area);
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
  private byId: IdIndex | null = null;

  private positionOf(id: number): number {
    return (this.byId ??= IdIndex.of(this.id)).positionOf(id);
  }

  /** The grid positions of places by id (ids not in the grid are left out), in grid order. */
  positionsOf(ids: ArrayLike<number>): Int32Array {
    return (this.byId ??= IdIndex.of(this.id)).positionsOf(ids);
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
    const heap = new BoundedHeap(need, this.id);
    if (need > 0) {
      visitNearestBuckets(sets, origin, (set, b, boxC2) => {
        // A box exactly as far as the worst kept may still hold a place that ties it with a smaller id.
        if (heap.full && boxC2 > heap.worstKey) return false;
        for (let k = set.start[b]; k < set.start[b + 1]; k++) {
          const i = set.positions[k];
          if (!this.keeps(i, filter)) continue;
          const dx = this.x[i] - origin[0];
          const dy = this.y[i] - origin[1];
          const dz = this.z[i] - origin[2];
          heap.offer(i, dx * dx + dy * dy + dz * dz, 0);
        }
        return true;
      });
    }
    return heap.sorted().map(({ position, key }) => ({ row: this.row(position), c2: key, route: null }));
  }

  private rankerOfGrid: Ranker | null = null;

  /** The one-pass ranking over the grid's positions (see Ranker); `rowAt` turns its positions into rows. */
  get ranker(): Ranker {
    return (this.rankerOfGrid ??= new Ranker({
      id: this.id, x: this.x, y: this.y, z: this.z, tags: this.tags, chain: this.chain, fidelity: this.fidelity, rv: this.rv,
      relevance: this.relevance, rating: this.rating, ratingCount: this.ratingCount, nameRank: this.nameRank,
    }));
  }

  /** Each position's id, longitude and latitude (read only). */
  get places(): { readonly id: Float64Array; readonly lon: Float64Array; readonly lat: Float64Array } {
    return { id: this.id, lon: this.lon, lat: this.lat };
  }

  rowAt(position: number): PointRow {
    return this.row(position);
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
