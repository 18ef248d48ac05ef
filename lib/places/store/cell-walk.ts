import { classifyCell, type SearchArea } from './area';
import { cellOf, COARSE, FINE, fineCellRanges, fineRanges, type Grid, gridSpans } from './grid';
import { FINE_KEY } from './count-keys';

/** Reads the count table of one key: `fn(cell, n)` for every non-empty cell in [from, to], in cell order. */
export type EachCount = (key: number, from: number, to: number, fn: (cell: number, n: number) => void) => void;

/**
 * Walks an area on the count table of a key. Coarse cells wholly inside report their count (when counting);
 * coarse edge cells are refined on the fine grid, whose inside cells report theirs too. Returns the ranges of fine
 * cells whose places must be read row by row: the fine edge cells (and, when not counting, every cell inside).
 */
export function walkCells(
  each: EachCount,
  area: SearchArea,
  key: number,
  onInside: ((n: number, cell: number, grid: Grid) => void) | null,
): [number, number][] {
  const cells: number[] = [];
  const ranges: [number, number][] = [];
  if (!area.bounds) return ranges;
  for (const [from, to] of coarseRuns(area)) {
    each(key, from, to, (cell, n) => {
      const cls = classifyCell(cell, area, COARSE);
      if (cls === 'outside') return;
      if (cls === 'inside') {
        if (onInside) onInside(n, cell, COARSE);
        else ranges.push(...fineRanges(cell));
        return;
      }
      for (const [a, b] of fineRanges(cell)) {
        each(key + FINE_KEY, a, b, (fine, fn) => {
          const fcls = classifyCell(fine, area, FINE);
          if (fcls === 'outside') return;
          if (fcls === 'inside' && onInside) onInside(fn, fine, FINE);
          else cells.push(fine);
        });
      }
    });
  }
  for (const c of cells) ranges.push([c, c]);
  ranges.sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const r of ranges) {
    const last = merged[merged.length - 1];
    if (last && r[0] <= last[1] + 1) last[1] = Math.max(last[1], r[1]);
    else merged.push([r[0], r[1]]);
  }
  return merged;
}

/** The places of key in the coarse cells that cover the area, from the count table: its size at most, to choose a plan. */
export function placesAround(each: EachCount, area: SearchArea, key: number): number {
  let n = 0;
  if (area.bounds) for (const [from, to] of coarseRuns(area)) each(key, from, to, (_, count) => (n += count));
  return n;
}

/** Runs of consecutive coarse cells that cover the area: the corridor's own cells, else the rows of its bounds. */
function coarseRuns(area: SearchArea): [number, number][] {
  const runs: [number, number][] = [];
  if (area.corridor) {
    const { runFrom, runTo } = area.corridor;
    for (let k = 0; k < runFrom.length; k++) {
      const last = runs[runs.length - 1];
      if (last && runFrom[k] === last[1] + 1) last[1] = runTo[k];
      else runs.push([runFrom[k], runTo[k]]);
    }
    return runs;
  }
  const spans = gridSpans(area.bounds!);
  for (let row = spans.row0; row <= spans.row1; row++) for (const [c0, c1] of spans.cols) runs.push([row * COARSE.cols + c0, row * COARSE.cols + c1]);
  return runs;
}

/** A first ring expected to hold a few times `need` places, from the density of the center's fine cell. */
export function startRadius(each: EachCount, center: { lon: number; lat: number }, need: number, key: number): number {
  const cell = cellOf(center.lon, center.lat, FINE);
  let n = 0;
  each(key + FINE_KEY, cell, cell, (_, count) => (n = count));
  const cellArea = (2.2e3 * 2.2e3 * Math.cos((center.lat * Math.PI) / 180)) || 1;
  const density = Math.max(n, 1) / cellArea;
  return Math.max(300, Math.min(5000, Math.sqrt((3 * need) / (Math.PI * density))));
}

/** Fine cell ranges that cover the area (a superset): the fine cells of the corridor's coarse cells, else of its bounds. */
export function areaFineRanges(area: SearchArea): [number, number][] {
  if (!area.bounds) return [];
  if (!area.corridor) return fineCellRanges(area.bounds);
  const ranges: [number, number][] = [];
  const { runFrom, runTo } = area.corridor;
  for (let k = 0; k < runFrom.length; k++) {
    for (let cell = runFrom[k]; cell <= runTo[k]; cell++) if (classifyCell(cell, area, COARSE) !== 'outside') ranges.push(...fineRanges(cell));
  }
  return ranges.sort((a, b) => a[0] - b[0]);
}
