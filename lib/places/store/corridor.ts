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
  const lists = new Map<number, number[]>();
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
        for (const [c0, c1] of spans.cols) {
          for (let col = c0; col <= c1; col++) {
            const cell = row * COARSE.cols + col;
            let list = lists.get(cell);
            if (!list) lists.set(cell, (list = []));
            if (list[list.length - 1] !== i) list.push(i);
          }
        }
      }
    }
  });
  const legsByCell = new Map<number, Int32Array>();
  for (const [cell, list] of lists) legsByCell.set(cell, Int32Array.from(list));
  const cells = Int32Array.from(lists.keys()).sort();
  return { kind: 'corridor', line, delta, maxC2: chord2ForMeters(meters), legsByCell, cells, bounds: { south, north, lons: mergeRanges(lons) } };
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
