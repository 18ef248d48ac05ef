import type { RouteMeasure } from '../route/line';
import type { SearchArea } from './area';
import { type EachCount, walkCells } from './cell-walk';
import { type Corridor, legsOfCell } from './corridor';
import { cellCenter, cellRadius, COARSE, fineRanges, type Grid, REFINE } from './grid';

/** A cell wholly inside the area: its count, its fine cell ranges, and the least route offset any place in it can have. */
export interface InsideCell {
  n: number;
  ranges: [number, number][];
  bound: number;
}

/**
 * The least offset (radians along the route) of any place of a cell whose nearest leg is one the cell lists: for
 * each leg, the along-track position of the cell's center less the cell's radius (widened for the small distance from
 * the leg's great circle, where along-track angles stretch by at most 1 / cos(buffer + radius)).
 */
export function offsetBound(corridor: Corridor, cell: number, grid: Grid): number {
  const row = Math.floor(cell / grid.cols);
  const col = cell - row * grid.cols;
  const coarse = grid === COARSE ? cell : Math.floor(row / REFINE) * COARSE.cols + Math.floor(col / REFINE);
  const legs = legsOfCell(corridor, coarse);
  if (!legs) return Infinity;
  const [x, y, z] = cellCenter(row, col, grid);
  const slack = cellRadius(row, grid) * 1.001 + 1e-9;
  let best = Infinity;
  for (const i of legs) {
    const g = corridor.line.legs[i];
    const along = g.n ? Math.atan2(x * g.u[0] + y * g.u[1] + z * g.u[2], x * g.a[0] + y * g.a[1] + z * g.a[2]) : 0;
    best = Math.min(best, g.start + Math.max(0, Math.min(g.length, along) - slack));
  }
  return best;
}

/** The walk of a corridor on the count table: cells wholly inside (ordered by their offset bound) and edge cell ranges. */
export function walkRoute(each: EachCount, area: SearchArea, key: number): { inside: InsideCell[]; insideTotal: number; edge: [number, number][] } {
  const inside: InsideCell[] = [];
  let insideTotal = 0;
  const edge = walkCells(each, area, key, (n, cell, grid) => {
    insideTotal += n;
    inside.push({ n, ranges: grid === COARSE ? fineRanges(cell) : [[cell, cell]], bound: offsetBound(area.corridor!, cell, grid) });
  });
  inside.sort((a, b) => a.bound - b.bound);
  return { inside, insideTotal, edge };
}

export interface RouteCandidate {
  id: number;
  route: RouteMeasure;
}

export const byRoute = (a: RouteCandidate, b: RouteCandidate) => a.route.along - b.route.along || a.route.c2 - b.route.c2 || a.id - b.id;

/**
 * The first `need` matches along the route, reading the inside cells from `from` on in the order of their offset
 * bound, in growing batches, until no unread cell can hold a place before the need-th found (`matches` starts with
 * every match already read, the edge cells' included). A generator, so that both a synchronous and an asynchronous
 * store can drive it: it yields the cell ranges to read and takes back their matches.
 */
export function* firstAlongRoute<C extends RouteCandidate>(inside: InsideCell[], matches: C[], need: number, from = 0): Generator<[number, number][], C[], C[]> {
  let found = [...matches].sort(byRoute).slice(0, need);
  let next = from;
  let size = firstBatchSize(need) * 2;
  while (next < inside.length) {
    const kth = found.length >= need ? found[need - 1].route.along : Infinity;
    const batch = takeBatch(inside, next, size, kth);
    if (!batch.ranges.length) break;
    next = batch.next;
    const read: C[] = yield batch.ranges;
    found = found.concat(read).sort(byRoute).slice(0, need);
    size *= 2;
  }
  return found;
}

/** The first read takes a few times the page: a second round trip to the database costs more than the rows. */
export const firstBatchSize = (need: number) => Math.max(4 * need, 40);

/** The next inside cells in bound order, up to about `size` places, none bound past `kth`. */
export function takeBatch(inside: InsideCell[], from: number, size: number, kth = Infinity): { ranges: [number, number][]; next: number } {
  const ranges: [number, number][] = [];
  let n = 0;
  let next = from;
  while (next < inside.length && n < size && inside[next].bound <= kth) {
    ranges.push(...inside[next].ranges);
    n += inside[next++].n;
  }
  return { ranges, next };
}
