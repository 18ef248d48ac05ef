import { capBox, chord2ForMeters, EARTH_RADIUS_M, type GeoBox, type LonRange } from '../geo';
import { angleOfChord2, type RouteLine, type RouteMeasure } from '../route/line';
import { type CellClass, cellCenter, cellRadius, coarseOfFine, COARSE, EPS, type Grid, gridSpans, REFINE } from './grid';

/** The shortest piece a leg is cut into when the coarse cells it may reach are listed. */
const MIN_PIECE_M = 2000;

/**
 * The buffered route of a search: every point within `delta` of the route line. The coarse cells it may reach are
 * listed once, in runs that share the legs that may come within `delta` of them, so that a cell's class and a place's distance
 * are computed against a few legs rather than the whole route.
 */
export interface Corridor {
  kind: 'corridor';
  line: RouteLine;
  /** Half-width in radians, and as a squared chord. */
  delta: number;
  maxC2: number;
  /**
   * The coarse cells the corridor may reach, as runs of consecutive cells of one row that the same legs may reach:
   * run k is the cells runFrom[k]..runTo[k], ascending and disjoint, and runLegs[k] its legs in route order.
   */
  runFrom: Int32Array;
  runTo: Int32Array;
  runLegs: Int32Array[];
  bounds: GeoBox;
}

/** The legs that may come within the buffer of a coarse cell, or undefined when none can (a binary search on the runs). */
export function legsOfCell(corridor: Corridor, coarse: number): Int32Array | undefined {
  const { runFrom, runTo } = corridor;
  let lo = 0;
  let hi = runFrom.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (runFrom[mid] <= coarse) lo = mid + 1;
    else hi = mid;
  }
  return lo > 0 && coarse <= runTo[lo - 1] ? corridor.runLegs[lo - 1] : undefined;
}

function mergeRanges(ranges: LonRange[]): LonRange[] {
  const sorted = [...ranges].sort((a, b) => a.west - b.west);
  const out: LonRange[] = [];
  for (const r of sorted) {
    const last = out[out.length - 1];
    if (last && r.west <= last.east) last.east = Math.max(last.east, r.east);
    else out.push({ ...r });
  }
  return out;
}

/**
 * Each leg is cut into pieces no longer than twice the buffer (at least MIN_PIECE_M); a piece and its buffer lie in
 * the cap around the piece's middle of radius half the piece plus the buffer, whose lat/lon box (capBox: split at
 * the antimeridian, all longitudes around a pole) lists the coarse cells the leg may reach.
 */
export function corridorOf(line: RouteLine, meters: number): Corridor {
  const delta = meters / EARTH_RADIUS_M;
  /** Coarse row -> the column spans the pieces reach, flat: first column, last column, leg. */
  const spansByRow = new Map<number, number[]>();
  let south = 90;
  let north = -90;
  const lons: LonRange[] = [];
  const step = Math.max(2 * delta, MIN_PIECE_M / EARTH_RADIUS_M);
  line.legs.forEach((leg, i) => {
    const pieces = Math.max(1, Math.ceil(leg.length / step));
    const half = leg.length / pieces / 2;
    for (let k = 0; k < pieces; k++) {
      const [x, y, z] = line.pointOnLeg(i, (2 * k + 1) * half);
      const lat = (Math.asin(Math.max(-1, Math.min(1, z))) * 180) / Math.PI;
      const lon = (Math.atan2(y, x) * 180) / Math.PI;
      const box = capBox(lon, lat, (half + delta) * EARTH_RADIUS_M * (1 + 1e-9) + 1);
      south = Math.min(south, box.south);
      north = Math.max(north, box.north);
      lons.push(...box.lons);
      const spans = gridSpans(box);
      for (let row = spans.row0; row <= spans.row1; row++) {
        let flat = spansByRow.get(row);
        if (!flat) spansByRow.set(row, (flat = []));
        for (const [c0, c1] of spans.cols) flat.push(c0, c1, i);
      }
    }
  });
  // Each row swept once into runs of cells that share one list of legs. Listing legs cell by cell in a map took 0.2 s
  // for a 5,000 km route near a pole, where a piece reaches every column of its rows, and 3.6 ms for one across the
  // United States, most of such a search's time.
  const runFrom: number[] = [];
  const runTo: number[] = [];
  const runLegs: Int32Array[] = [];
  for (const row of [...spansByRow.keys()].sort((a, b) => a - b)) {
    const flat = spansByRow.get(row)!;
    const ends: [column: number, leg: number, change: number][] = [];
    for (let k = 0; k < flat.length; k += 3) ends.push([flat[k], flat[k + 2], 1], [flat[k + 1] + 1, flat[k + 2], -1]);
    ends.sort((a, b) => a[0] - b[0]);
    const active = new Map<number, number>();
    for (let e = 0; e < ends.length; ) {
      const from = ends[e][0];
      for (; e < ends.length && ends[e][0] === from; e++) {
        const [, leg, change] = ends[e];
        const n = (active.get(leg) ?? 0) + change;
        if (n === 0) active.delete(leg);
        else active.set(leg, n);
      }
      // A span that starts here ends later, so a non-empty set always has a next end.
      if (!active.size) continue;
      runFrom.push(row * COARSE.cols + from);
      runTo.push(row * COARSE.cols + ends[e][0] - 1);
      runLegs.push(Int32Array.from(active.keys()).sort());
    }
  }
  return {
    kind: 'corridor', line, delta, maxC2: chord2ForMeters(meters),
    runFrom: Int32Array.from(runFrom), runTo: Int32Array.from(runTo), runLegs, bounds: { south, north, lons: mergeRanges(lons) },
  };
}

const scratch: RouteMeasure = { c2: 0, along: 0 };

/** Conservative, as for a circle: 'inside' only when the whole cell is within the buffer, 'outside' when none of it is. */
export function classifyCorridorCell(corridor: Corridor, row: number, col: number, grid: Grid): CellClass {
  const coarse = grid === COARSE ? row * COARSE.cols + col : Math.floor(row / REFINE) * COARSE.cols + Math.floor(col / REFINE);
  const legs = legsOfCell(corridor, coarse);
  if (!legs) return 'outside';
  const [x, y, z] = cellCenter(row, col, grid);
  const theta = angleOfChord2(corridor.line.measure(x, y, z, scratch, legs).c2);
  const rho = cellRadius(row, grid);
  if (theta - rho > corridor.delta + EPS) return 'outside';
  if (theta + rho <= corridor.delta - EPS) return 'inside';
  return 'edge';
}

/** Whether the place at (x, y, z), in fine cell `fine`, lies within the buffer; its measure is written into `out`. */
export function inCorridor(corridor: Corridor, x: number, y: number, z: number, fine: number, out: RouteMeasure): boolean {
  const legs = legsOfCell(corridor, coarseOfFine(fine));
  if (!legs) return false;
  return corridor.line.measure(x, y, z, out, legs).c2 <= corridor.maxC2;
}
