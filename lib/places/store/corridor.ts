import { capBox, chord2ForMeters, EARTH_RADIUS_M, type GeoBox, type LonRange } from '../geo';
import { angleOfChord2, type RouteLine, type RouteMeasure } from '../route/line';
import { type CellClass, cellCenter, cellRadius, coarseOfFine, COARSE, EPS, type Grid, gridSpans, REFINE } from './grid';

/** The shortest piece a leg is cut into when the coarse cells it may reach are listed. */
const MIN_PIECE_M = 2000;

/**
 * The buffered route of a search: every point within `delta` of the route line. The coarse cells it may reach are
 * listed once, each with the legs that may come within `delta` of it, so that a cell's class and a place's distance
 * are computed against a few legs rather than the whole route.
 */
export interface Corridor {
  kind: 'corridor';
  line: RouteLine;
  /** Half-width in radians, and as a squared chord. */
  delta: number;
  maxC2: number;
  /** Coarse cell -> the legs that may come within delta of it, in route order. */
  legsByCell: Map<number, Int32Array>;
  /** The coarse cells of legsByCell, ascending. */
  cells: Int32Array;
  bounds: GeoBox;
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
  // Each row swept once: the cells between two span ends share one list of legs. Near a pole a piece reaches every
  // column of its rows: listing legs cell by cell took 0.2 s for a 5,000 km route there (20 ms swept).
  const legsByCell = new Map<number, Int32Array>();
  const cells: number[] = [];
  for (const [row, flat] of spansByRow) {
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
      const legs = Int32Array.from(active.keys()).sort();
      for (let col = from; col < ends[e][0]; col++) {
        const cell = row * COARSE.cols + col;
        legsByCell.set(cell, legs);
        cells.push(cell);
      }
    }
  }
  return { kind: 'corridor', line, delta, maxC2: chord2ForMeters(meters), legsByCell, cells: Int32Array.from(cells).sort(), bounds: { south, north, lons: mergeRanges(lons) } };
}

const scratch: RouteMeasure = { c2: 0, along: 0 };

/** Conservative, as for a circle: 'inside' only when the whole cell is within the buffer, 'outside' when none of it is. */
export function classifyCorridorCell(corridor: Corridor, row: number, col: number, grid: Grid): CellClass {
  const coarse = grid === COARSE ? row * COARSE.cols + col : Math.floor(row / REFINE) * COARSE.cols + Math.floor(col / REFINE);
  const legs = corridor.legsByCell.get(coarse);
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
  const legs = corridor.legsByCell.get(coarseOfFine(fine));
  if (!legs) return false;
  return corridor.line.measure(x, y, z, out, legs).c2 <= corridor.maxC2;
}
