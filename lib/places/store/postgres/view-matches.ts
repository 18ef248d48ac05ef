import { prepared, type Queryable } from '@/lib/db/postgres/cluster';
import { inArea, newMeasure, type SearchArea } from '../area';
import { walkCells } from '../cell-walk';
import { COUNT_ALL, COUNT_RV, FINE_KEY } from '../count-keys';
import { countKeyOf } from '../search-plan';
import type { CellCount, SearchQuery, ViewMatches, ViewQuery } from '../types';
import { viewArea, viewCells, ViewCollector } from '../view-plan';
import { searchDeadlineMs } from '../deadline';
import type { PgCellCounts } from './cell-counts';
import type { PgSearch } from './search';
import { keySql, withDeadline } from './search';
import { Params, rangesSql } from './sql-parts';

/**
 * The matches of a search inside a viewport on PostgreSQL, with the SQLite store's plan: with a count key and cells
 * wanted, the count table's inside cells plus the edge cells' places; otherwise every match, read by the search's
 * filters from the area's cells and tested against the area here, in the shared code; with locations, see locatedView.
 */
export async function pgViewMatches(
  db: Queryable,
  deps: { counts: PgCellCounts; search: PgSearch; chainCodes: () => ReadonlyMap<string, number> },
  q: SearchQuery,
  view: ViewQuery,
): Promise<ViewMatches> {
  const area = viewArea(q, view.box);
  const cells: CellCount[] = [];
  if (!area.bounds) return { cells, points: [] };
  if (q.locations) return locatedView(db, deps.search, q, area, view);
  const p = new Params();
  const key = countKeyOf(q, deps.chainCodes());
  let where: string[];
  let ranges: [number, number][] | null = null;
  if (key && view.cells !== 'none') {
    await deps.counts.ensure(db, [key.key, key.key + FINE_KEY]);
    ranges = viewCells(deps.counts.each, area, key.key, view.cells, cells);
    where = [keySql(p, key)];
  } else {
    where = deps.search.filters(p, q);
    const all = q.rv ? COUNT_RV : COUNT_ALL;
    await deps.counts.ensure(db, [all, all + FINE_KEY]);
    ranges = walkCells(deps.counts.each, area, all, null);
  }
  return { cells, points: await readPoints(db, area, p, where, ranges) };
}

/**
 * A search by locations inside a viewport (see ViewCollector): from this instance's copy of the place columns while
 * it is current (see PgSearch.viewInMemory); otherwise every match read from PostgreSQL, in a read-only transaction
 * whose statements stop at the search deadline (503), as a search by locations does.
 */
async function locatedView(db: Queryable, search: PgSearch, q: SearchQuery, area: SearchArea, view: ViewQuery): Promise<ViewMatches> {
  return withDeadline(db, searchDeadlineMs(), async (tx) => {
    const into = new ViewCollector(area, view.cells);
    if (!(await search.viewInMemory(tx, q, area, into))) {
      const p = new Params();
      const where = [search.locationSql(p, q), ...search.filters(p, q)];
      for (const m of await readPoints(tx, area, p, where, null)) into.add(m.id, m.lon, m.lat);
    }
    return into.matches();
  });
}

/** The places of the cell ranges (or, without ranges, every place `where` selects) that lie in the area. */
async function readPoints(db: Queryable, area: SearchArea, p: Params, where: string[], ranges: [number, number][] | null): Promise<ViewMatches['points']> {
  const cols = 'id, lon, lat, x, y, z, fine_cell';
  let query;
  if (ranges) {
    if (!ranges.length) return [];
    const cells = rangesSql(p, ranges);
    // OFFSET 0 keeps one index range scan per cell range (see PgSearch.ring).
    const filter = ['fine_cell BETWEEN r.a AND r.b', ...where].join(' AND ');
    query = { ...prepared(`SELECT cell.* FROM ${cells}, LATERAL (SELECT ${cols} FROM places WHERE ${filter} OFFSET 0) cell`, p.values), rowMode: 'array' as const };
  } else {
    query = { text: `SELECT ${cols} FROM places WHERE ${where.join(' AND ')}`, values: p.values, rowMode: 'array' as const };
  }
  const { rows } = await db.query(query);
  const m = newMeasure();
  const points: ViewMatches['points'] = [];
  for (const r of rows as unknown as number[][]) {
    if (inArea(area, r[3], r[4], r[5], r[1], r[2], r[6], m)) points.push({ id: Number(r[0]), lon: r[1], lat: r[2] });
  }
  return points;
}
