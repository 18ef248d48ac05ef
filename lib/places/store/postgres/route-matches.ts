import { prepared, type Queryable } from '@/lib/db/postgres/cluster';
import type { RouteMeasure } from '../../route/line';
import { inArea, newMeasure, type SearchArea } from '../area';
import { topK } from '../top-k';
import type { SearchQuery, SortKey } from '../types';
import type { Params } from './sql-parts';

/** One place a search of the PostgreSQL store found: its id, its squared chord to the center, its route measure. */
export interface PgMatch {
  id: number;
  c2: number;
  route?: RouteMeasure | null;
}

export interface Candidate {
  /** The kind of the range the candidate was read from. */
  kind: number;
  id: number;
  c2: number;
  route: RouteMeasure;
  /** The sort's own columns: relevance, or rating and its count, or the name key. */
  key: number;
  key2: number;
  name: string;
}

const SORT_COLUMNS: Record<SortKey, string> = {
  distance: '',
  route: '',
  relevance: ', relevance',
  rating: ', rating, rating_count',
  name: ', name_key',
};

function comparator(sort: SortKey): (a: Candidate, b: Candidate) => number {
  switch (sort) {
    case 'route':
      return (a, b) => a.route.along - b.route.along || a.route.c2 - b.route.c2 || a.id - b.id;
    case 'distance':
      return (a, b) => a.c2 - b.c2 || a.id - b.id;
    case 'relevance':
      return (a, b) => b.key - a.key || a.id - b.id;
    case 'rating':
      return (a, b) => b.key - a.key || b.key2 - a.key2 || a.id - b.id;
    case 'name':
      return (a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id - b.id);
  }
}

/**
 * Reads candidate rows (the cell ranges' places, or when `ranges` is null the places `where` selects) and keeps those in
 * the area, measured. PostgreSQL filters by everything but the area; the area test and the route measures run here,
 * in the very code the SQLite store runs, so both engines keep and order the same places. Each range may carry a
 * kind, which its candidates carry back (several sets of cells read in one statement).
 */
export async function readCandidates(
  db: Queryable,
  area: SearchArea,
  sort: SortKey,
  read: { params: Params; where: string[]; ranges: [number, number][] | null; kinds?: number[] },
): Promise<Candidate[]> {
  const { params: p, where, ranges, kinds } = read;
  // lon and lat serve only the box test.
  const cols = `id, x, y, z, ${area.box ? 'lon, lat' : '0, 0'}, fine_cell${SORT_COLUMNS[sort]}`;
  let query;
  if (ranges) {
    if (!ranges.length) return [];
    const k = p.add(kinds ?? ranges.map(() => 0), 'int[]');
    const cells = `unnest(${p.add(ranges.map((r) => r[0]), 'int[]')}, ${p.add(ranges.map((r) => r[1]), 'int[]')}, ${k}) AS r(a, b, k)`;
    const filter = ['fine_cell BETWEEN r.a AND r.b', ...where].join(' AND ');
    // OFFSET 0 keeps one index range scan per cell range (see PgSearch.ring).
    query = { ...prepared(`SELECT r.k, cell.* FROM ${cells}, LATERAL (SELECT ${cols} FROM places WHERE ${filter} OFFSET 0) cell`, p.values), rowMode: 'array' as const };
  } else {
    query = { text: `SELECT 0, ${cols} FROM places WHERE ${where.join(' AND ')}`, values: p.values, rowMode: 'array' as const };
  }
  const { rows } = await db.query(query);
  const m = newMeasure();
  const matches: Candidate[] = [];
  for (const r of rows as unknown as [number, number, number, number, number, number, number, number, number | string, number][]) {
    if (!inArea(area, r[2], r[3], r[4], r[5], r[6], r[7], m)) continue;
    const key = typeof r[8] === 'number' ? r[8] : 0;
    const name = typeof r[8] === 'string' ? r[8] : '';
    matches.push({ kind: r[0], id: Number(r[1]), c2: m.c2, route: { c2: m.route.c2, along: m.route.along }, key, key2: r[9] ?? 0, name });
  }
  return matches;
}

/** Every match of a search with a route, read and ordered here: the exact total and the page. */
export async function routeMatches(
  db: Queryable,
  q: SearchQuery,
  area: SearchArea,
  read: { params: Params; where: string[]; ranges: [number, number][] | null },
): Promise<{ total: number; page: PgMatch[] }> {
  if (!area.bounds && !q.locations) return { total: 0, page: [] };
  const matches = await readCandidates(db, area, q.sort, read);
  const page = topK(matches, q.offset + q.limit, comparator(q.sort)).slice(q.offset);
  return { total: matches.length, page: page.map((c) => ({ id: c.id, c2: c.c2, route: c.route })) };
}
