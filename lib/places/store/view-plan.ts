import { intersectBoxes } from '../geo';
import { areaOf, boxOf, type SearchArea } from './area';
import type { EachCount } from './cell-walk';
import { walkCells } from './cell-walk';
import { FINE_KEY } from './count-keys';
import { COARSE, FINE, fineRanges } from './grid';
import { searchArea } from './search-plan';
import type { CellCount, SearchQuery, ViewQuery } from './types';

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
