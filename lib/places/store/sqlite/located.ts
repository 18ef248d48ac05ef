import { COUNT_ALL, locationKey } from '../count-keys';
import { disjointLocations, SMALL_REGION } from '../location-plan';
import type { CountKey } from '../search-plan';
import type { SearchQuery, SortKey } from '../types';
import { comparator, type Match, topK } from './order';
import { ID, type Row } from './rows';
import type { Db } from './schema';


/**
 * A `locations` filter reduced to pairwise disjoint locations (an entry inside another is dropped: its places
 * count once), each readable in sort order: countries and states from their ordered indexes, regions equal to a
 * country or a state as that one, small regions read whole.
 */
export interface LocationPlan {
  /** The exact number of matches, from the location counts. */
  total: number;
  countries: string[];
  states: string[];
  /** Small regions (at most SMALL_REGION places), with their place ids. */
  regions: { id: number; members: Set<number> }[];
}

/** Row columns the ordered reads fill (the rest are 0): id, then relevance, rating, rating_count or name_key. */
const SORT_COLS: Record<Exclude<SortKey, 'distance' | 'route'>, { cols: string; order: string; index: string }> = {
  relevance: { cols: 'id, 0, 0, 0, 0, 0, 0, 0, 0, 0, relevance', order: 'relevance DESC, id', index: 'relevance' },
  rating: { cols: 'id, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, rating, rating_count', order: 'rating DESC, rating_count DESC, id', index: 'rating' },
  name: { cols: 'id, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, name_key', order: 'name_key, id', index: 'name' },
};
const REGION_COLS = 'id, 0, 0, 0, 0, 0, tags, chain, 0, 0, relevance, rating, rating_count, name_key';

const keySql = (key: CountKey) => (key.kind === 'tag' ? ' AND (tags & @param) != 0' : key.kind === 'chain' ? ' AND chain = @param' : '');
const keeps = (key: CountKey, tags: number, chain: number) => (key.kind === 'tag' ? (tags & key.param) !== 0 : key.kind === 'chain' ? chain === key.param : true);

/** One location's matches in sort order, read a chunk at a time. */
interface Stream {
  rows: Row[];
  done: boolean;
  chunk: number;
  read?: (offset: number, limit: number) => Row[];
}

/**
 * Searches by `locations` whose total the location counts answer (no filter but one included tag or chain, no
 * text, RV filter or route): the total from the counts, the page from ordered index reads (relevance, rating,
 * name) merged across the locations, or from a nearest-first ring walk checked against the locations (distance).
 * Returns null where this cannot answer fast and exactly (locations that overlap partly, a large region of its
 * own, a center far from every location): the caller then reads every match, under the search deadline.
 */
export class LocatedSearch {
  private readonly s;
  private readonly ordered = new Map<string, ReturnType<Db['prepare']>>();

  constructor(private readonly db: Db) {
    this.s = {
      count: db.prepare('SELECT n FROM location_counts WHERE loc = ? AND key = ?').pluck(),
      pair: db.prepare('SELECT n FROM location_pairs WHERE a = ? AND b = ?').pluck(),
      same: db
        .prepare(
          `SELECT p.b FROM location_pairs p JOIN location_counts c ON c.loc = p.b AND c.key = ${COUNT_ALL}
           WHERE p.a = ? AND p.n = ? AND c.n = ? AND ((p.b >= 'c:' AND p.b < 'c;') OR (p.b >= 's:' AND p.b < 's;')) ORDER BY p.b LIMIT 1`,
        )
        .pluck(),
      regionIds: db.prepare('SELECT place_id FROM place_regions WHERE region_id = ?').pluck(),
      regionRows: db.prepare(`SELECT ${REGION_COLS} FROM places WHERE id IN (SELECT place_id FROM place_regions WHERE region_id = ?)`).raw(true),
      where: db.prepare('SELECT country, state FROM places WHERE id = ?').raw(true),
      xyz: db.prepare('SELECT x, y, z FROM places WHERE id = ?').raw(true),
    };
  }

  /** The plan of a query's locations, or null when they overlap partly or a large region has no ordered index. */
  plan(q: SearchQuery, key: CountKey): LocationPlan | null {
    const count = (loc: string, k: number) => (this.s.count.get(loc, k) as number | undefined) ?? 0;
    const entries = [...new Set(q.locations!.map(locationKey))].map((loc) => ({ loc, n: count(loc, COUNT_ALL) }));
    const kept = disjointLocations(entries, (a, b) => (this.s.pair.get(a, b) as number | undefined) ?? 0);
    if (!kept) return null;
    const plan: LocationPlan = { total: 0, countries: [], states: [], regions: [] };
    for (const e of kept) {
      plan.total += count(e.loc, key.key);
      let loc = e.loc;
      if (loc.startsWith('r:')) {
        const same = this.s.same.get(loc, e.n, e.n) as string | undefined;
        if (same) loc = same;
        else if (e.n <= SMALL_REGION) {
          const id = Number(loc.slice(2));
          plan.regions.push({ id, members: new Set(this.s.regionIds.all(id) as number[]) });
          continue;
        } else return null;
      }
      (loc.startsWith('c:') ? plan.countries : plan.states).push(loc.slice(2));
    }
    return plan;
  }

  private orderedStmt(column: 'country' | 'state', sort: keyof typeof SORT_COLS, key: CountKey) {
    const name = `${column}:${sort}:${key.kind}`;
    let stmt = this.ordered.get(name);
    if (!stmt) {
      const s = SORT_COLS[sort];
      stmt = this.db
        .prepare(
          `SELECT ${s.cols} FROM places INDEXED BY places_${column}_${s.index} WHERE ${column} = @code${keySql(key)} ORDER BY ${s.order} LIMIT @limit OFFSET @offset`,
        )
        .raw(true);
      this.ordered.set(name, stmt);
    }
    return stmt;
  }

  /**
   * The first `need` matches in relevance, rating or name order: each location's matches come in order from its
   * index, a chunk at a time; a location is read further only while its last row read could still come before the
   * `need`-th of all rows read so far.
   */
  inOrder(plan: LocationPlan, q: SearchQuery, key: CountKey, need: number, sizes: (loc: string) => number): Match[] {
    const sort = q.sort as keyof typeof SORT_COLS;
    const cmp = comparator(sort);
    const streams: Stream[] = [];
    const param = key.kind === 'all' ? {} : { param: key.param };
    const total = Math.max(1, plan.total);
    for (const [column, codes] of [['country', plan.countries], ['state', plan.states]] as const) {
      for (const code of codes) {
        const stmt = this.orderedStmt(column, sort, key);
        const share = Math.ceil((need * sizes(`${column === 'country' ? 'c' : 's'}:${code}`)) / total);
        streams.push({
          rows: [],
          done: false,
          chunk: Math.min(need, Math.ceil(share * 1.25) + 8),
          read: (offset, limit) => stmt.all({ code, limit, offset, ...param }) as Row[],
        });
      }
    }
    for (const r of plan.regions) {
      const rows = (this.s.regionRows.all(r.id) as Row[]).filter((row) => keeps(key, row[6], row[7]));
      streams.push({ rows: topK(rows.map((row) => ({ row, c2: 0, route: null })), need, cmp).map((m) => m.row), done: true, chunk: 0 });
    }
    const toMatch = (row: Row): Match => ({ row, c2: 0, route: null });
    for (;;) {
      let more = false;
      const all: Match[] = [];
      for (const s of streams) for (const row of s.rows) all.push(toMatch(row));
      const top = topK(all, need, cmp);
      const last = top.length === need ? top[need - 1] : null;
      for (const s of streams) {
        if (s.done) continue;
        const tail = s.rows.length ? toMatch(s.rows[s.rows.length - 1]) : null;
        if (last && tail && cmp(tail, last) > 0) continue;
        const rows = s.read!(s.rows.length, s.chunk);
        for (const row of rows) s.rows.push(row);
        if (rows.length < s.chunk || s.rows.length >= need) s.done = true;
        s.chunk = Math.min(need, s.chunk * 2);
        more = true;
      }
      if (!more) return top;
    }
  }

  /** Whether a place belongs to one of the plan's locations. */
  member(plan: LocationPlan): (id: number) => boolean {
    const countries = new Set(plan.countries);
    const states = new Set(plan.states);
    return (id) => {
      for (const r of plan.regions) if (r.members.has(id)) return true;
      if (!countries.size && !states.size) return false;
      const found = this.s.where.get(id) as [string, string] | undefined;
      return !!found && (countries.has(found[0]) || states.has(found[1]));
    };
  }

  /** Squared chords from the origin for the page's places (ordered reads carry no coordinates). */
  measure(page: Match[], origin: [number, number, number]): void {
    for (const m of page) {
      const [x, y, z] = this.s.xyz.get(m.row[ID]) as [number, number, number];
      const dx = x - origin[0];
      const dy = y - origin[1];
      const dz = z - origin[2];
      m.c2 = dx * dx + dy * dy + dz * dz;
    }
  }

  size(loc: string): number {
    return (this.s.count.get(loc, COUNT_ALL) as number | undefined) ?? 0;
  }
}
