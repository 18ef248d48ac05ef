import { intersectBoxes } from '../geo';
import { areaOf, boxOf, classifyCell, type SearchArea } from './area';
import type { EachCount } from './cell-walk';
import { walkCells } from './cell-walk';
import { FINE_KEY } from './count-keys';
import { cellOf, COARSE, coarseOfFine, FINE, fineRanges, type Grid } from './grid';
import { searchArea } from './search-plan';
import type { CellCount, SearchQuery, ViewMatches, ViewQuery } from './types';

/**
 * The area of a search cut to a viewport: the search's own shapes with the viewport's box intersected into its box.
 * With `locations` (which replace the circle and the box) the viewport is the box.
 */
export function viewArea(q: SearchQuery, view: ViewQuery['box']): SearchArea {
  const area = searchArea(q);
  const viewBox = boxOf(view);
  const box = area.box ? intersectBoxes(area.box, viewBox) : viewBox;
  if (!box) return { origin: area.origin, bounds: null };
  const shaped = { kind: 'box' as const, south: box.south, north: box.north, lons: box.lons };
  if (q.locations) {
    const bounds = area.corridor ? intersectBoxes(area.corridor.bounds, shaped) : shaped;
    return { origin: area.origin, corridor: area.corridor, box: shaped, bounds };
  }
  if (!area.bounds) return { origin: area.origin, bounds: null };
  return areaOf({ origin: area.origin, circle: area.circle, corridor: area.corridor, box: shaped });
}

/**
 * Walks a viewport's area on the count table of `key`: cells wholly inside go to `cells` (coarse cells split into
 * their fine cells when `level` is 'fine'); returns the fine cell ranges whose places must be read and tested.
 */
export function viewCells(each: EachCount, area: SearchArea, key: number, level: 'coarse' | 'fine', cells: CellCount[]): [number, number][] {
  return walkCells(each, area, key, (n, cell, grid) => {
    if (grid === COARSE && level === 'fine') {
      for (const [a, b] of fineRanges(cell)) each(key + FINE_KEY, a, b, (fine, fn) => cells.push({ cell: fine, scale: FINE.scale, n: fn }));
    } else cells.push({ cell, scale: grid.scale, n });
  });
}

/**
 * The matches of a search by locations inside a viewport, given place by place (the location counts hold no cells, so
 * every match is found and tested exactly, from the places in memory or, without them, from the database), gathered
 * as the count table's walk gives them: a place in a coarse cell wholly inside the area counts in that cell (in its
 * fine cell when the view wants fine cells), one in a fine cell wholly inside in that fine cell, any other is a
 * place. It depends only on the set of matches, never on the order they come in, so every engine and read path gives
 * the same cells and places.
 */
export class ViewCollector {
  private readonly coarse = new Map<number, number>();
  private readonly fine = new Map<number, number>();
  private readonly inside = [new Map<number, boolean>(), new Map<number, boolean>()];
  private readonly points: ViewMatches['points'] = [];

  constructor(
    private readonly area: SearchArea,
    private readonly level: ViewQuery['cells'],
  ) {}

  private isInside(cell: number, grid: Grid): boolean {
    const known = this.inside[grid === COARSE ? 0 : 1];
    let inside = known.get(cell);
    if (inside === undefined) known.set(cell, (inside = classifyCell(cell, this.area, grid) === 'inside'));
    return inside;
  }

  /** A match (which lies in the area). */
  add(id: number, lon: number, lat: number): void {
    if (this.level !== 'none') {
      const fine = cellOf(lon, lat, FINE);
      const coarse = coarseOfFine(fine);
      if (this.level === 'coarse' && this.isInside(coarse, COARSE)) {
        this.coarse.set(coarse, (this.coarse.get(coarse) ?? 0) + 1);
        return;
      }
      if (this.isInside(coarse, COARSE) || this.isInside(fine, FINE)) {
        this.fine.set(fine, (this.fine.get(fine) ?? 0) + 1);
        return;
      }
    }
    this.points.push({ id, lon, lat });
  }

  /** The cells in cell order (coarse, then fine) and the places. */
  matches(): ViewMatches {
    const cells: CellCount[] = [];
    for (const [grid, counts] of [[COARSE, this.coarse], [FINE, this.fine]] as const) {
      for (const cell of [...counts.keys()].sort((a, b) => a - b)) cells.push({ cell, scale: grid.scale, n: counts.get(cell)! });
    }
    return { cells, points: this.points };
  }
}
