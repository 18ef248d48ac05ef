import { angleBetween, type GeoBox, type LonRange, type Vec3 } from '../geo';

/**
 * Two fixed grids: 0.1-degree cells for the count table's interior sums, and 0.02-degree cells (5 x 5 per coarse
 * cell) that refine the coarse cells on the area's edge, so only a thin band of places is ever scanned row by row.
 */
export interface Grid {
  scale: number;
  rows: number;
  cols: number;
}

export const COARSE: Grid = { scale: 10, rows: 1800, cols: 3600 };
export const FINE: Grid = { scale: 50, rows: 9000, cols: 18000 };
/** Fine cells per coarse cell side. */
export const REFINE = FINE.scale / COARSE.scale;

export const EPS = 1e-9;

export function cellOf(lon: number, lat: number, grid: Grid = COARSE): number {
  const row = Math.min(grid.rows - 1, Math.max(0, Math.floor((lat + 90) * grid.scale)));
  const col = Math.min(grid.cols - 1, Math.max(0, Math.floor((lon + 180) * grid.scale)));
  return row * grid.cols + col;
}

/** `cellOf(lon, lat, grid)` in SQL, for coordinates in range (CAST truncates, which is floor from 0 up). */
const cellSql = (grid: Grid) =>
  `(min(${grid.rows - 1}, CAST((lat + 90) * ${grid.scale} AS INTEGER)) * ${grid.cols} + min(${grid.cols - 1}, CAST((lon + 180) * ${grid.scale} AS INTEGER)))`;
/** The same fine cell as `cellOf(lon, lat, FINE)`, in SQL (the expression of the fine covering index). */
export const FINE_CELL_SQL = cellSql(FINE);
/** The same coarse cell as `cellOf(lon, lat)`, in SQL. */
export const COARSE_CELL_SQL = cellSql(COARSE);

export type CellClass = 'inside' | 'outside' | 'edge';

const radiusCache = new Map<Grid, Float64Array>();

/** Largest angle from a cell's center to its corners; edges along parallels and meridians peak at corners. */
export function cellRadius(row: number, grid: Grid): number {
  let cache = radiusCache.get(grid);
  if (!cache) radiusCache.set(grid, (cache = new Float64Array(grid.rows).fill(-1)));
  if (cache[row] < 0) {
    const lat0 = row / grid.scale - 90;
    const lat1 = (row + 1) / grid.scale - 90;
    const latc = (lat0 + lat1) / 2;
    const half = 0.5 / grid.scale;
    cache[row] = Math.max(angleBetween(0, latc, half, lat0), angleBetween(0, latc, half, lat1)) + EPS;
  }
  return cache[row];
}

/** Whether a cell lies inside, outside or across a lat/lon box (exact bounds, with a margin of EPS degrees). */
export function classifyBox(row: number, col: number, grid: Grid, box: { south: number; north: number; lons: LonRange[] }): CellClass {
  const lat0 = row / grid.scale - 90;
  const lat1 = (row + 1) / grid.scale - 90;
  const lon0 = col / grid.scale - 180;
  const lon1 = (col + 1) / grid.scale - 180;
  if (lat1 < box.south - EPS || lat0 > box.north + EPS) return 'outside';
  let anyOverlap = false;
  for (const r of box.lons) {
    if (lon1 < r.west - EPS || lon0 > r.east + EPS) continue;
    anyOverlap = true;
    if (lon0 >= r.west + EPS && lon1 <= r.east - EPS && lat0 >= box.south + EPS && lat1 <= box.north - EPS) return 'inside';
  }
  return anyOverlap ? 'edge' : 'outside';
}

interface CellCenters {
  cosLon: Float64Array;
  sinLon: Float64Array;
  cosLat: Float64Array;
  sinLat: Float64Array;
}

const centersCache = new Map<Grid, CellCenters>();

/** Sines and cosines of every cell center's longitude (by column) and latitude (by row), computed once per grid. */
function centers(grid: Grid): CellCenters {
  let c = centersCache.get(grid);
  if (!c) {
    const lon = (col: number) => ((col + 0.5) / grid.scale - 180) * (Math.PI / 180);
    const lat = (row: number) => ((row + 0.5) / grid.scale - 90) * (Math.PI / 180);
    c = {
      cosLon: Float64Array.from({ length: grid.cols }, (_, i) => Math.cos(lon(i))),
      sinLon: Float64Array.from({ length: grid.cols }, (_, i) => Math.sin(lon(i))),
      cosLat: Float64Array.from({ length: grid.rows }, (_, i) => Math.cos(lat(i))),
      sinLat: Float64Array.from({ length: grid.rows }, (_, i) => Math.sin(lat(i))),
    };
    centersCache.set(grid, c);
  }
  return c;
}

/** The unit vector of a cell's center. */
export function cellCenter(row: number, col: number, grid: Grid): Vec3 {
  const { cosLon, sinLon, cosLat, sinLat } = centers(grid);
  return [cosLat[row] * cosLon[col], cosLat[row] * sinLon[col], sinLat[row]];
}

/** The coarse cell that holds a fine cell. */
export function coarseOfFine(fine: number): number {
  const row = Math.floor(fine / FINE.cols);
  const col = fine - row * FINE.cols;
  return Math.floor(row / REFINE) * COARSE.cols + Math.floor(col / REFINE);
}

/** Row and column spans of the coarse grid that cover a box (one column span per longitude range). */
export function gridSpans(box: GeoBox): { row0: number; row1: number; cols: [number, number][] } {
  const row = (lat: number) => Math.floor(cellOf(0, lat) / COARSE.cols);
  const col = (lon: number) => cellOf(lon, 0) % COARSE.cols;
  return { row0: row(box.south), row1: row(box.north), cols: box.lons.map((r) => [col(r.west), col(r.east)] as [number, number]) };
}

/** The fine cells of a coarse cell, as REFINE ranges of consecutive ids (one per fine row). */
export function fineRanges(coarse: number): [number, number][] {
  const row = Math.floor(coarse / COARSE.cols);
  const col = coarse - row * COARSE.cols;
  const out: [number, number][] = [];
  for (let r = row * REFINE; r < (row + 1) * REFINE; r++) out.push([r * FINE.cols + col * REFINE, r * FINE.cols + col * REFINE + REFINE - 1]);
  return out;
}

/** Ranges of consecutive fine cells that cover a box: one per fine row and longitude range. */
export function fineCellRanges(box: GeoBox): [number, number][] {
  const row0 = Math.floor(cellOf(0, box.south, FINE) / FINE.cols);
  const row1 = Math.floor(cellOf(0, box.north, FINE) / FINE.cols);
  const cols = box.lons.map((r) => [cellOf(r.west, 0, FINE) % FINE.cols, cellOf(r.east, 0, FINE) % FINE.cols]);
  const out: [number, number][] = [];
  for (let row = row0; row <= row1; row++) for (const [c0, c1] of cols) out.push([row * FINE.cols + c0, row * FINE.cols + c1]);
  return out;
}

/** The first index whose cell is at least `cell`, in an array sorted by cell. */
export function lowerBound(cells: Int32Array, cell: number, from = 0): number {
  let lo = from;
  let hi = cells.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (cells[mid] < cell) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The positions, ascending, of the entries of a cell-sorted column whose cells lie in the fine cell ranges. */
export function positionsInRanges(cells: Int32Array, ranges: [number, number][]): Int32Array {
  const bounds = ranges.map(([a, b]) => [lowerBound(cells, a), lowerBound(cells, b + 1)] as const);
  const out = new Int32Array(bounds.reduce((n, [from, to]) => n + to - from, 0));
  let k = 0;
  for (const [from, to] of bounds) for (let i = from; i < to; i++) out[k++] = i;
  return out;
}

/** Calls `fn(cell, n)` for every cell of sorted (cells, counts) arrays in [from, to], in cell order. */
export function eachCellIn(cells: Int32Array, counts: Int32Array, from: number, to: number, fn: (cell: number, n: number) => void): void {
  for (let i = lowerBound(cells, from); i < cells.length && cells[i] <= to; i++) fn(cells[i], counts[i]);
}
