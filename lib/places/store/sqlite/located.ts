import { COUNT_ALL, locationKeys } from '../count-keys';
import { disjointLocations, type LocationSize, SMALL_REGION } from '../location-plan';
import { keepsPlace, locatedCount, type LocatedKey } from '../search-plan';
import type { SearchQuery, SortKey } from '../types';
import { type Match, topK } from './order';
import { ID, NAME, RATING, RCOUNT, REL, type Row } from './rows';
import type { Db } from './schema';
import { type IdBatches, pagedIds } from './id-reads';


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
const SORT_COLS: Record<Exclude<SortKey, 'distance' | 'route'>, { cols: string; order: string; index: string; compact: (r: Row) => Compact }> = {
  relevance: { cols: 'id, relevance', order: 'relevance DESC, id', index: 'relevance', compact: (r) => [r[ID], r[REL]] },
  rating: { cols: 'id, rating, rating_count', order: 'rating DESC, rating_count DESC, id', index: 'rating', compact: (r) => [r[ID], r[RATING], r[RCOUNT]] },
  name: { cols: 'id, name_key', order: 'name_key, id', index: 'name', compact: (r) => [r[ID], r[NAME] as unknown as string] },
};
/** An ordered read's row: id, then the sort's columns. */
type Compact = [number, number | string, number?];
/** The sort orders of the stores (order.ts) on compact rows. */
const COMPACT_ORDER: Record<keyof typeof SORT_COLS, (a: Compact, b: Compact) => number> = {
  relevance: (a, b) => (b[1] as number) - (a[1] as number) || a[0] - b[0],
  rating: (a, b) => (b[1] as number) - (a[1] as number) || b[2]! - a[2]! || a[0] - b[0],
  name: (a, b) => (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : a[0] - b[0]),
};
/** A page row in the scan's row shape: the id is all the page needs. */
const asMatch = (c: Compact): Match => {
  const row = [c[0]] as unknown as Row;
  return { row, c2: 0, route: null };
};
const REGION_COLS = 'id, 0, 0, 0, 0, 0, tags, chain, 0, 0, relevance, rating, rating_count, name_key';

const KEY_SQL: Record<LocatedKey['kind'], string> = {
  all: '',
  tag: ' AND (tags & @param) != 0',
  chain: ' AND chain = @param',
  notTag: ' AND (tags & @param) = 0',
  notChain: ' AND chain != @param',
};

/** One location's matches in sort order, read a chunk at a time. */
interface Stream {
  /** The chunk being merged, and the position of its head. */
  rows: Compact[];
  pos: number;
  /** Rows read so far (the next chunk's SQL offset). */
  read: number;
  done: boolean;
  chunk: number;
  fetch?: (offset: number, limit: number) => Compact[];
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
      countryIds: db.prepare('SELECT id FROM places WHERE country = ? AND id > ? ORDER BY id LIMIT ?').pluck(),
      stateIds: db.prepare('SELECT id FROM places WHERE state = ? AND id > ? ORDER BY id LIMIT ?').pluck(),
      regionIdsAfter: db.prepare('SELECT place_id FROM place_regions WHERE region_id = ? AND place_id > ? ORDER BY place_id LIMIT ?').pluck(),
      xyz: db.prepare('SELECT x, y, z FROM places WHERE id = ?').raw(true),
    };
  }

  /**
   * The location keys reduced to disjoint ones (see disjointLocations): an entry inside another kept one is dropped,
   * so a pass over what is kept meets each place once. Null when two entries overlap only in part.
   */
  disjoint(locs: string[]): string[] | null {
    return this.disjointSizes(locs)?.map((e) => e.loc) ?? null;
  }

  private disjointSizes(locs: string[]): LocationSize[] | null {
    const entries = locs.map((loc) => ({ loc, n: (this.s.count.get(loc, COUNT_ALL) as number | undefined) ?? 0 }));
    return disjointLocations(entries, (a, b) => (this.s.pair.get(a, b) as number | undefined) ?? 0);
  }

  /** The plan of a query's locations, or null when they overlap partly or a large region has no ordered index. */
  plan(q: SearchQuery, key: LocatedKey): LocationPlan | null {
    const count = (loc: string, k: number) => (this.s.count.get(loc, k) as number | undefined) ?? 0;
    const kept = this.disjointSizes(locationKeys(q.locations!));
    if (!kept) return null;
    const plan: LocationPlan = { total: 0, countries: [], states: [], regions: [] };
    for (const e of kept) {
      plan.total += locatedCount(key, (k) => count(e.loc, k));
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

  private orderedStmt(column: 'country' | 'state', sort: keyof typeof SORT_COLS, key: LocatedKey) {
    const name = `${column}:${sort}:${key.kind}`;
    let stmt = this.ordered.get(name);
    if (!stmt) {
      const s = SORT_COLS[sort];
      stmt = this.db
        .prepare(
          `SELECT ${s.cols} FROM places INDEXED BY places_${column}_${s.index} WHERE ${column} = @code${KEY_SQL[key.kind]} ORDER BY ${s.order} LIMIT @limit OFFSET @offset`,
        )
        .raw(true);
      this.ordered.set(name, stmt);
    }
    return stmt;
  }

  /**
   * The page (offset, limit) in relevance, rating or name order: each location's matches come in order from its
   * index, a chunk at a time (the first chunk sized by the location's share of the total, each next one twice the
   * last), merged head by head. One location alone is read at its offset directly.
   */
  inOrder(plan: LocationPlan, q: SearchQuery, key: LocatedKey, sizes: (loc: string) => number): Match[] {
    const sort = q.sort as keyof typeof SORT_COLS;
    const cmp = COMPACT_ORDER[sort];
    const need = Math.min(q.offset + q.limit, plan.total);
    const param = key.kind === 'all' ? {} : { param: key.param };
    const total = Math.max(1, plan.total);
    const streams: Stream[] = [];
    for (const [column, codes] of [['country', plan.countries], ['state', plan.states]] as const) {
      for (const code of codes) {
        const stmt = this.orderedStmt(column, sort, key);
        const share = Math.ceil((need * sizes(`${column === 'country' ? 'c' : 's'}:${code}`)) / total);
        streams.push({
          rows: [], pos: 0, read: 0, done: false,
          chunk: Math.max(1, Math.min(need, Math.ceil(share * 1.25) + 8)),
          fetch: (offset, limit) => stmt.all({ code, limit, offset, ...param }) as Compact[],
        });
      }
    }
    if (streams.length === 1 && !plan.regions.length) {
      return streams[0].fetch!(q.offset, Math.max(0, need - q.offset)).map(asMatch);
    }
    for (const r of plan.regions) {
      const rows = (this.s.regionRows.all(r.id) as Row[]).filter((row) => keepsPlace(key, row[6], row[7]));
      const sorted = topK(rows.map(SORT_COLS[sort].compact), need, cmp);
      streams.push({ rows: sorted, pos: 0, read: sorted.length, done: true, chunk: 0 });
    }
    const head = (s: Stream): Compact | null => {
      if (s.pos >= s.rows.length) {
        if (s.done) return null;
        s.rows = s.fetch!(s.read, s.chunk);
        s.pos = 0;
        s.read += s.rows.length;
        if (s.rows.length < s.chunk) s.done = true;
        s.chunk = Math.min(need, s.chunk * 2);
        if (!s.rows.length) return null;
      }
      return s.rows[s.pos];
    };
    const page: Match[] = [];
    for (let taken = 0; taken < need; taken++) {
      let best: Stream | null = null;
      let bestHead: Compact | null = null;
      for (const s of streams) {
        const h = head(s);
        if (h && (!bestHead || cmp(h, bestHead) < 0)) {
          best = s;
          bestHead = h;
        }
      }
      if (!best || !bestHead) break;
      if (taken >= q.offset) page.push(asMatch(bestHead));
      best.pos++;
    }
    return page;
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

  /** The ids of every place of a location, by its key (`c:US`, `s:US-CA`, `r:<id>`), in batches from an index alone. */
  idBatches(loc: string, size?: number): IdBatches {
    const code = loc.slice(2);
    if (loc.startsWith('c:')) return pagedIds(this.s.countryIds, [code], size);
    if (loc.startsWith('s:')) return pagedIds(this.s.stateIds, [code], size);
    return pagedIds(this.s.regionIdsAfter, [Number(code)], size);
  }

  size(loc: string): number {
    return (this.s.count.get(loc, COUNT_ALL) as number | undefined) ?? 0;
  }

  /** The places of the locations by their counts (a place in two of them counted twice). */
  placesIn(locs: readonly string[]): number {
    return locs.reduce((n, loc) => n + this.size(loc), 0);
  }
}
