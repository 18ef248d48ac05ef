import { maskOf } from '../../catalog';
import { type GeoBox, inLonRanges } from '../../geo';
import { fold } from '../../text';
import { inArea, newMeasure, type SearchArea } from '../area';
import { areaFineRanges, type EachCount, placesAround, startRadius, walkCells } from '../cell-walk';
import { COUNT_ALL, COUNT_RV, FINE_KEY, locationKey, locationKeys } from '../count-keys';
import { cellOf, FINE, FINE_CELL_SQL } from '../grid';
import { makeBits, RV_FLAG_ASSOCIATION, RV_FLAG_PARTNER, RV_FLAG_RENTAL, serviceBits, typeBits } from '../place-columns';
import { checkNameAloneMatches, type CountKey, countKeyOf, densityKey, type LocatedKey, locatedKeyOf, ringArea, searchArea, searchesWholeDataset } from '../search-plan';
import type { CellCount, SearchQuery, ViewMatches, ViewQuery } from '../types';
import { viewArea, viewCells, ViewCollector } from '../view-plan';
import { CellCounts } from './cell-counts';
import { comparator, type Match, topK } from './order';
import { AMENITIES, CHAIN, FID, FLAGS, ID, LAT, LON, MAKES, type Row, SERVICES, TAGS, TYPES, X, Y, Z } from './rows';
import { culturalExpression, nameExpression } from './text-query';
import { type MemoryGrids, MemoryIndex, type MemoryIndexMode, type MemoryIndexState } from './memory-index';
import type { PointGrid } from './point-grid';
import { gridFilterOf, intersectSorted } from '../rank';
import type { PositionBuckets } from './position-buckets';
import { firstAlongRoute, walkRoute } from '../route-walk';
import type { Db } from './schema';
import { type Deadline, type DeadlineFactory, rebuilding, wallClockDeadline } from '../deadline';
import { LocatedSearch, type LocationPlan } from './located';
import { ResumableIdReads } from './id-reads';

/** A nearest-first search by locations checks at most this many places (or 3 times the page and offset). */
const NEAREST_CHECKS = 8000;
/** Grid positions of locations kept in memory at most (4 bytes each): past it, the cache starts again. */
const MAX_CACHED_POSITIONS = 4_000_000;
const NO_CONDITION = { include: [], exclude: [] };
/**
 * Places of locations a search reading every one of them gets through in a second, here: the US's 448,488 in about
 * 3 s at a million places. While the grid is rebuilt, a search that would need longer than its deadline is refused at
 * once.
 */
const SCAN_ROWS_PER_SECOND = 150_000;
/** Meters of a ring that holds the whole Earth. */
const HALF_EARTH = 20_100_000;

const BASE_COLS = 'id, lon, lat, x, y, z, tags, chain, fidelity, rv, relevance, rating, rating_count';
/** The R*Tree's own columns: enough for areas, tags, chains, fidelity and distance order. */
const TREE_COLS = 'id, lon, lat, x, y, z, tags, chain, fidelity';
const FULL_COLS = `${BASE_COLS}, name_key, rv_makes, rv_types, rv_services, rv_flags, rv_amenities`;

const hasLocationCounts = (db: Db) => !!db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'location_pairs'").get();

export class SqliteSearch {
  private readonly s;
  private readonly edgeStmts;
  private readonly counts: CellCounts;
  private readonly memory: MemoryIndex<Row>;
  /** Match sets of frequent text queries (a common word or prefix), most recent last; dropped when data changes. */
  private readonly textMatches = new Map<string, Set<number>>();
  private readonly ftsDirectLimit: number;
  private readonly scanRowsPerSecond: number;
  private readonly newDeadline: DeadlineFactory;
  private readonly each: EachCount = (key, from, to, fn) => this.counts.each(key, from, to, fn);
  /**
   * Grid positions of the places of locations, by location key, for the grid they index: in grid order (read front to
   * back by `rank`) and, once a search by distance needed them, in buckets.
   */
  private readonly positions = new Map<string, { sorted: Int32Array; buckets: PositionBuckets | null }>();
  private positionsGrid: PointGrid | null = null;
  private positionsHeld = 0;
  /** Null on a read-only store made before the location counts. */
  private readonly locatedSearch: LocatedSearch | null;
  /** Id lists of locations whose read a deadline cut, to go on with at the next search. */
  private readonly idReads = new ResumableIdReads();

  constructor(
    private readonly db: Db,
    private readonly chainCodes: () => Map<string, number>,
    options: {
      /** Up to this many text matches are read by id; beyond, the area is read and the matches kept. */
      ftsDirectLimit?: number;
      memoryIndex?: MemoryIndexMode;
      /** False: every locations search reads its matches (the benchmark's baseline). */
      locationCounts?: boolean;
      /** See SCAN_ROWS_PER_SECOND. */
      scanRowsPerSecond?: number;
      /** Each search's deadline: the wall clock and `PLACES_SEARCH_DEADLINE_MS` unless a test gives its own clock. */
      deadline?: DeadlineFactory;
    } = {},
  ) {
    this.ftsDirectLimit = options.ftsDirectLimit ?? 2000;
    this.scanRowsPerSecond = options.scanRowsPerSecond ?? SCAN_ROWS_PER_SECOND;
    this.newDeadline = options.deadline ?? wallClockDeadline;
    this.counts = new CellCounts(db);
    this.locatedSearch = options.locationCounts !== false && hasLocationCounts(db) ? new LocatedSearch(db) : null;
    this.memory = new MemoryIndex<Row>(db, `SELECT ${FINE_CELL_SQL} AS f, ${FULL_COLS} FROM places WHERE rv = 1 ORDER BY f`, options.memoryIndex ?? 'background');
    const cellRows = (cols: string) => db.prepare(`SELECT ${cols} FROM places WHERE ${FINE_CELL_SQL} BETWEEN ? AND ?`).raw(true);
    this.s = {
      scanBase: cellRows(BASE_COLS),
      scanFull: cellRows(FULL_COLS),
      // The R*Tree's auxiliary columns answer a nearest-first search without touching the place rows.
      rtree: db.prepare(`SELECT ${TREE_COLS} FROM places_rtree WHERE min_lon <= ? AND max_lon >= ? AND min_lat <= ? AND max_lat >= ?`).raw(true),
      rvTree: db.prepare(`SELECT ${FULL_COLS} FROM rv_rtree WHERE min_lon <= ? AND max_lon >= ? AND min_lat <= ? AND max_lat >= ?`).raw(true),
      ftsFull: db
        .prepare(`SELECT ${FULL_COLS} FROM places WHERE id IN (SELECT rowid FROM places_fts WHERE places_fts MATCH ?) AND lat BETWEEN ? AND ?`)
        .raw(true),
      ftsIds: db.prepare('SELECT rowid FROM places_fts WHERE places_fts MATCH ?').pluck(),
      ftsCount: db.prepare('SELECT count(*) FROM places_fts WHERE places_fts MATCH ?').pluck(),
      everything: db.prepare(`SELECT ${FULL_COLS} FROM places`).raw(true),
      byCountry: db.prepare(`SELECT ${FULL_COLS} FROM places WHERE country = ?`).raw(true),
      byState: db.prepare(`SELECT ${FULL_COLS} FROM places WHERE state = ?`).raw(true),
      byRegion: db.prepare(`SELECT ${FULL_COLS} FROM places WHERE id IN (SELECT place_id FROM place_regions WHERE region_id = ?)`).raw(true),
    };
    // Without the memory index, edge cells are counted inside SQLite: the same chord arithmetic, without building rows.
    const edge = (filter: string) => {
      const circle = `(x - @cx) * (x - @cx) + (y - @cy) * (y - @cy) + (z - @cz) * (z - @cz) <= @c2`;
      const box = `lat BETWEEN @south AND @north AND (lon BETWEEN @w1 AND @e1 OR lon BETWEEN @w2 AND @e2)`;
      const sql = (withBox: boolean) =>
        `SELECT count(*) FROM places WHERE ${FINE_CELL_SQL} BETWEEN @a AND @b AND ${filter} AND ${circle}${withBox ? ` AND ${box}` : ''}`;
      return { circle: db.prepare(sql(false)).pluck(), box: db.prepare(sql(true)).pluck() };
    };
    this.edgeStmts = {
      all: edge('1'),
      tag: edge('(tags & @param) != 0'),
      chain: edge('chain = @param'),
    };
  }

  /** Reads the large count-table keys and builds the memory index now rather than during the first searches. */
  warm(): void {
    this.counts.preload([COUNT_ALL, COUNT_ALL + FINE_KEY, COUNT_RV, COUNT_RV + FINE_KEY]);
    // The build also makes the grid's id order (its name ranks need it), which searches by locations read.
    this.memory.buildNow();
  }

  get memoryIndexState(): MemoryIndexState {
    return this.memory.state;
  }

  close(): void {
    this.memory.close();
  }

  /** Drops everything derived from the data when another connection or this one changed it; true when it did. */
  private dropIfChanged(): boolean {
    if (!this.counts.check()) return false;
    this.textMatches.clear();
    this.idReads.clear();
    this.memory.invalidate();
    return true;
  }

  private grids() {
    return this.memory.get(() => !this.dropIfChanged());
  }

  run(q: SearchQuery, deadline = this.newDeadline()): { total: number; page: Match[] } {
    this.dropIfChanged();
    const test = this.predicate(q);
    const need = q.offset + q.limit;
    const cmp = comparator(q.sort);
    const finish = (matches: Match[]) => ({ total: matches.length, page: topK(matches, need, cmp).slice(q.offset) });
    const area = searchArea(q);

    if (q.locations && !q.route) {
      const located = this.located(q, area, test, need, deadline) ?? this.locatedInMemory(q, area, need, deadline);
      if (located) return located;
    }
    if (q.locations && q.route) {
      const along = this.locatedAlongRoute(q, area, need, deadline);
      if (along) return along;
    }
    if (q.locations) this.refuseLongScanWhileRebuilding(q, deadline);
    if (q.locations || !area.bounds || q.name || q.culturalQuery || q.rv) return finish(this.filtered(q, area, test, deadline));

    const key = countKeyOf(q, this.chainCodes());
    const grids = q.sort === 'name' ? null : this.grids();
    if (key && q.sort === 'route' && grids) return this.alongRoute(grids.points, area, key, test, need, q.offset);
    if (key && q.sort === 'distance') {
      const total = this.count(area, key);
      return { total, page: this.nearest(q, area, test, need, total, key).slice(q.offset) };
    }
    // The name sort needs the name keys, which only the SQL scan reads.
    if (grids) return finish(grids.points.scan(walkCells(this.each, area, COUNT_ALL, null), area, test) as Match[]);
    return finish(this.collect(this.scanRows(area, q.sort === 'name'), area, test));
  }

  /**
   * A search by locations whose total the location counts answer (see LocatedSearch), or null: the total from the
   * counts, the page by ordered index reads or, by distance, by rings around the center checked against the locations.
   */
  private located(q: SearchQuery, area: SearchArea, test: (r: Row) => boolean, need: number, deadline: Deadline): { total: number; page: Match[] } | null {
    const key = locatedKeyOf(q, this.chainCodes());
    if (!key || !this.locatedSearch) return null;
    const plan = this.locatedSearch.plan(q, key);
    if (!plan) return null;
    if (plan.total === 0 || need === 0) return { total: plan.total, page: [] };
    if (q.sort === 'distance') {
      const grids = this.grids();
      if (grids) return { total: plan.total, page: this.nearestAmong(grids.points, plan, area, key, need, deadline).slice(q.offset) };
      const page = this.nearestIn(q, area, test, Math.min(need, plan.total), key, this.locatedSearch.member(plan));
      return page && { total: plan.total, page: page.slice(q.offset) };
    }
    const page = this.locatedSearch.inOrder(plan, q, key, (loc) => this.locatedSearch!.size(loc));
    if (area.origin) this.locatedSearch.measure(page, area.origin);
    return { total: plan.total, page };
  }

  /**
   * The nearest `need` places of the locations on the point grid: each location's grid positions in small
   * geographic buckets (cached until the data changes), read nearest bucket first into one bounded heap until the
   * next bucket is farther than the worst place kept. A center far from every location costs what a near one does.
   */
  private nearestAmong(points: PointGrid, plan: LocationPlan, area: SearchArea, key: LocatedKey, need: number, deadline: Deadline): Match[] {
    const sets = [...plan.countries.map((c) => `c:${c}`), ...plan.states.map((c) => `s:${c}`), ...plan.regions.map((r) => `r:${r.id}`)].map((loc) =>
      this.locationBuckets(points, loc, deadline),
    );
    return points.nearestAmong(sets, area.origin!, key, need) as Match[];
  }

  /** A location's grid positions, by its key, read once (under the deadline) and cached until the data changes. */
  private locationPositions(points: PointGrid, loc: string, deadline: Deadline): { sorted: Int32Array; buckets: PositionBuckets | null } {
    return this.cachedPositions(points, loc, () => this.idReads.read(loc, this.locatedSearch!.idBatches(loc), deadline));
  }

  /** The grid positions of a text search's matches anywhere, cached as a location's are (a common prefix has 100,000s). */
  private textPositions(points: PointGrid, fts: string, deadline: Deadline): Int32Array {
    return this.cachedPositions(points, `t:${fts}`, () => (this.textMatches.has(fts) ? Array.from(this.matchSet(fts, null)) : this.ftsIds(fts, deadline))).sorted;
  }

  /**
   * Every place id a text expression matches, in one FTS5 statement, not started past the deadline. Pages of it would
   * cost more than the whole (FTS5 seeks a prefix's list from its start: 250 ms in pages against 50 ms at once for
   * "s" at a million places), and within one statement no clock can be read. The text index bounds it: at most
   * 0.13 s at a million places, for a name of 12 one-letter words.
   */
  private ftsIds(fts: string, deadline: Deadline): number[] {
    deadline.checkNow();
    return this.s.ftsIds.all(fts) as number[];
  }

  private cachedPositions(points: PointGrid, key: string, ids: () => ArrayLike<number>): { sorted: Int32Array; buckets: PositionBuckets | null } {
    if (this.positionsGrid !== points) {
      this.positions.clear();
      this.positionsHeld = 0;
      this.positionsGrid = points;
    }
    let set = this.positions.get(key);
    if (!set) {
      set = { sorted: points.positionsOf(ids()), buckets: null };
      this.keep(key, set, set.sorted.length);
    }
    return set;
  }

  private locationBuckets(points: PointGrid, loc: string, deadline: Deadline): PositionBuckets {
    const set = this.locationPositions(points, loc, deadline);
    if (!set.buckets) {
      set.buckets = points.bucketsOf(set.sorted);
      this.keep(loc, set, set.sorted.length);
    }
    return set.buckets;
  }

  /**
   * Keeps a location's entry, `added` positions larger than before; past MAX_CACHED_POSITIONS in all, the cache
   * starts again with this entry alone (its sorted positions, and its buckets as many again).
   */
  private keep(loc: string, set: { sorted: Int32Array; buckets: PositionBuckets | null }, added: number): void {
    this.positionsHeld += added;
    if (this.positionsHeld > MAX_CACHED_POSITIONS) {
      this.positions.clear();
      this.positionsHeld = set.sorted.length * (set.buckets ? 2 : 1);
    }
    this.positions.set(loc, set);
  }

  /**
   * Any other search by locations (several tags or chains, an exclusion beside another filter, fidelity, text, RV
   * filters, locations that overlap partly, large regions) by relevance, rating, name or distance, on the point grid: one
   * pass over the locations' cached grid positions, or over the places that match the text and RV filters (cached
   * too) checked against them, counting the matches and keeping the page in a bounded heap (by name through the grid's name ranks). Null
   * without the memory index or along a route: the caller then reads every match, under the deadline.
   */
  private locatedInMemory(q: SearchQuery, area: SearchArea, need: number, deadline: Deadline): { total: number; page: Match[] } | null {
    if (q.sort === 'route' || (q.sort === 'distance' && !area.origin) || !this.locatedSearch) return null;
    const grids = this.grids();
    if (!grids) return null;
    const points = grids.points;
    const { locations, disjoint } = this.locationSets(points, q, deadline);
    const filter = gridFilterOf(q, this.chainCodes());
    const candidates = this.textAndRvPositions(grids, q, deadline);
    const { total, hits } = candidates
      ? points.ranker.rank([candidates], locations, filter, q.sort, area.origin, need)
      : points.ranker.rank(locations, null, filter, q.sort, area.origin, need, disjoint);
    return { total, page: hits.slice(q.offset).map((h) => ({ row: points.rowAt(h.position) as unknown as Row, c2: h.c2, route: null })) };
  }

  /**
   * A search by locations along a route, on the point grid in one pass (see Ranker), from whichever side the counts
   * show to hold fewer places: the locations' cached grid positions tested against the corridor, or the corridor's
   * positions checked against the locations. A whole country along a route costs its corridor, a small region beside
   * a long route its own places. Null without the memory index or the location counts: the caller reads every place
   * of the locations then, under the deadline.
   */
  private locatedAlongRoute(q: SearchQuery, area: SearchArea, need: number, deadline: Deadline): { total: number; page: Match[] } | null {
    const pass = this.locatedPass(q, area, deadline);
    if (!pass) return null;
    const { points } = pass;
    const { total, hits } = points.ranker.rank(pass.sets, pass.against, pass.filter, q.sort, area.origin, need, pass.disjoint, pass.within);
    return { total, page: hits.slice(q.offset).map((h) => points.hitAt(h.position, area) as Match) };
  }

  /**
   * One pass of the point grid for a search by locations in an area, from whichever side the counts show to hold
   * fewer places: the locations' positions (with the text and RV matches) tested against the area, or the area's
   * positions checked against the locations. Null without the memory index or the location counts.
   */
  private locatedPass(q: SearchQuery, area: SearchArea, deadline: Deadline) {
    const located = this.locatedSearch;
    const grids = located && this.grids();
    if (!located || !grids) return null;
    const points = grids.points;
    const { keys, locations, disjoint } = this.locationSets(points, q, deadline);
    const filter = gridFilterOf(q, this.chainCodes());
    const texts = this.textAndRvPositions(grids, q, deadline);
    const matching = (set: Int32Array) => (texts ? intersectSorted(set, texts) : set);
    const within = points.rankArea(area);
    if (located.placesIn(keys) <= placesAround(this.each, area, COUNT_ALL)) return { points, filter, within, sets: locations.map(matching), against: null, disjoint };
    return { points, filter, within, sets: [matching(points.positionsIn(walkCells(this.each, area, COUNT_ALL, null)))], against: locations, disjoint: false };
  }

  /**
   * While the grid is rebuilt (after a change, in the background), a search by locations that neither the counts nor
   * the grid answer reads every place of its locations. One that cannot finish within its deadline, as the location
   * counts show, is refused at once with the deadline's 503 instead of holding the thread until the deadline.
   */
  private refuseLongScanWhileRebuilding(q: SearchQuery, deadline: Deadline): void {
    const located = this.locatedSearch;
    if (!located || this.memory.state !== 'loading') return;
    if (located.placesIn(locationKeys(q.locations!)) > (this.scanRowsPerSecond * deadline.ms) / 1000) throw rebuilding(deadline.ms);
  }

  /**
   * The grid positions of each of the query's locations, left out those inside another when the counts show it (a
   * state with its country: fewer places to visit); `disjoint` is false when two overlap in part.
   */
  private locationSets(points: PointGrid, q: SearchQuery, deadline: Deadline): { keys: string[]; locations: Int32Array[]; disjoint: boolean } {
    const keys = locationKeys(q.locations!);
    const kept = keys.length > 1 ? this.locatedSearch!.disjoint(keys) : keys;
    return { keys, locations: (kept ?? keys).map((loc) => this.locationPositions(points, loc, deadline).sorted), disjoint: kept !== null };
  }

  /**
   * The grid positions of the places that match the query's text and RV filters, anywhere (null with neither): the
   * text's from FTS5, the RV filters' from the RV providers' rows held in memory, each cached as a location's are,
   * so a pass visits only these and checks no row.
   */
  private textAndRvPositions(grids: MemoryGrids<Row>, q: SearchQuery, deadline: Deadline): Int32Array | null {
    const fts = this.ftsExpression(q);
    const texts = fts ? this.textPositions(grids.points, fts, deadline) : null;
    if (!q.rv) return texts;
    const rvs = this.cachedPositions(grids.points, `v:${JSON.stringify(q.rv)}`, () =>
      grids.rv.idsWhere(this.predicate({ ...q, tags: NO_CONDITION, chains: NO_CONDITION, minFidelity: undefined, maxFidelity: undefined })),
    ).sorted;
    return texts ? intersectSorted(texts, rvs) : rvs;
  }

  /**
   * The nearest `k` members of the locations by rings around the center: each ring's places in distance order,
   * checked one by one until `k` belong; null when more than NEAREST_CHECKS places would be checked (a center far
   * from every location), which the caller's scan answers instead.
   */
  private nearestIn(q: SearchQuery, area: SearchArea, test: (r: Row) => boolean, k: number, key: LocatedKey, member: (id: number) => boolean): Match[] | null {
    const cmp = comparator('distance');
    const center = q.center!;
    let meters = startRadius(this.each, center, k, densityKey(key));
    const grids = this.grids();
    const limit = Math.max(NEAREST_CHECKS, 3 * k);
    for (;;) {
      const ring = ringArea(area, center, meters);
      const found = grids ? (grids.points.within(ring.bounds!, ring, key) as Match[]) : this.collect(this.treeRows(this.s.rtree, ring.bounds!), ring, test);
      const page: Match[] = [];
      let checks = 0;
      for (const m of found.length > limit ? [] : found.sort(cmp)) {
        if (++checks > limit) return null;
        if (member(m.row[ID])) page.push(m);
        if (page.length === k) return page;
      }
      if (found.length > limit || meters >= HALF_EARTH) return found.length > limit ? null : page;
      meters = Math.min(HALF_EARTH, meters * 4);
    }
  }

  /** Every match of a search by locations, text or RV filters (or of an empty area). */
  private filtered(q: SearchQuery, area: SearchArea, test: (r: Row) => boolean, deadline: Deadline): Match[] {
    if (q.locations) return this.collect(this.locationRows(q, deadline), area, test, deadline);
    if (searchesWholeDataset(q)) return this.collect(this.wholeDatasetRows(q), area, test);
    if (!area.bounds) return [];
    const fts = q.name || q.culturalQuery ? this.ftsExpression(q) : null;
    if (fts) return this.collect(this.ftsRows(fts, area, q, deadline), area, test);
    if (q.rv) {
      const grids = this.grids();
      return this.collect(grids ? grids.rv.rowsIn(areaFineRanges(area)) : this.treeRows(this.s.rvTree, area.bounds), area, test);
    }
    // The name sort needs the name keys, which only the SQL scan reads.
    const grids = q.sort === 'name' ? null : this.grids();
    if (grids) return grids.points.scan(walkCells(this.each, area, COUNT_ALL, null), area, test) as Match[];
    return this.collect(this.scanRows(area, q.sort === 'name'), area, test);
  }

  /**
   * The matches of a search inside a viewport: with a count key and cells wanted, the count table's inside cells and
   * the edge cells' places; otherwise every match as a place.
   */
  viewMatches(q: SearchQuery, view: ViewQuery, deadline = this.newDeadline()): ViewMatches {
    this.dropIfChanged();
    const area = viewArea(q, view.box);
    if (q.locations) return this.locatedView(q, area, view, deadline);
    const cells: CellCount[] = [];
    const key = q.locations ? null : countKeyOf(q, this.chainCodes());
    let matches: Match[];
    if (key && area.bounds && view.cells !== 'none') {
      const edge = viewCells(this.each, area, key.key, view.cells, cells);
      const keep = (r: Row) => (key.kind === 'tag' ? (r[TAGS] & key.param) !== 0 : key.kind === 'chain' ? r[CHAIN] === key.param : true);
      const grids = this.grids();
      if (grids) matches = grids.points.scan(edge, area, keep) as Match[];
      else {
        const rows: Row[] = [];
        for (const [a, b] of edge) for (const r of this.s.scanBase.all(a, b) as Row[]) rows.push(r);
        matches = this.collect(rows, area, keep);
      }
    } else matches = this.filtered(q, area, this.predicate(q), deadline);
    return { cells, points: matches.map((m) => ({ id: m.row[ID], lon: m.row[LON], lat: m.row[LAT] })) };
  }

  /**
   * The matches of a search by locations inside a viewport (see ViewCollector). On the point grid, in one pass (see
   * Ranker.each) from whichever side the counts show to hold fewer places, as along a route: the locations' cached
   * grid positions (those inside another left out, by the location pairs) tested against the viewport, or the
   * viewport's positions checked against the locations; text and RV filters through their cached matches. A whole
   * country at zoom 0 costs a pass over its positions in memory, never a read of its rows. Without the grid or the
   * location counts every match is read, under the deadline (refused at once while the grid is rebuilt, past what
   * the deadline lets it read).
   */
  private locatedView(q: SearchQuery, area: SearchArea, view: ViewQuery, deadline: Deadline): ViewMatches {
    const into = new ViewCollector(area, view.cells);
    if (!area.bounds) return into.matches();
    const pass = this.locatedPass(q, area, deadline);
    if (pass) {
      const { id, lon, lat } = pass.points.places;
      pass.points.ranker.each(pass.sets, pass.against, pass.filter, pass.disjoint, pass.within, (i) => into.add(id[i], lon[i], lat[i]));
      return into.matches();
    }
    this.refuseLongScanWhileRebuilding(q, deadline);
    for (const m of this.filtered(q, area, this.predicate(q), deadline)) into.add(m.row[ID], m.row[LON], m.row[LAT]);
    return into.matches();
  }

  /**
   * Text matches inside the area. Few matches: read them by id. Many (a common word): read the area from the R*Tree
   * and keep the matches, which costs the area's size rather than the word's frequency.
   */
  private ftsRows(fts: string, area: SearchArea, q: SearchQuery, deadline: Deadline): Row[] {
    const bounds = area.bounds!;
    const rows: Row[] = [];
    const byId = () => {
      for (const r of this.s.ftsFull.all(fts, bounds.south, bounds.north) as Row[]) if (inLonRanges(r[LON], bounds.lons)) rows.push(r);
      return rows;
    };
    const grids = this.grids();
    // Area-first rows carry the sort keys of relevance and rating only from the grid; names only come by id.
    if (q.rv || q.sort === 'name' || (q.sort !== 'distance' && !grids)) return byId();
    let ids: number[] | null = null;
    if (!this.textMatches.has(fts)) {
      ids = this.ftsIds(fts, deadline);
      if (ids.length <= this.ftsDirectLimit) return byId();
    }
    const matches = this.matchSet(fts, ids);
    if (grids) return grids.points.rowsWhere(areaFineRanges(area), (id) => matches.has(id)) as Row[];
    for (const r of this.treeRows(this.s.rtree, bounds)) if (matches.has(r[ID])) rows.push(r);
    return rows;
  }

  private matchSet(fts: string, ids: number[] | null): Set<number> {
    let set = this.textMatches.get(fts);
    if (set) {
      this.textMatches.delete(fts);
    } else {
      set = new Set(ids!);
      if (this.textMatches.size >= 16) this.textMatches.delete(this.textMatches.keys().next().value!);
    }
    this.textMatches.set(fts, set);
    return set;
  }

  private ftsExpression(q: SearchQuery): string | null {
    const parts = [q.name ? nameExpression(q.name) : null, q.culturalQuery ? culturalExpression(q.culturalQuery) : null].filter(Boolean);
    return parts.length ? parts.map((p) => `(${p})`).join(' AND ') : null;
  }

  private predicate(q: SearchQuery): (r: Row) => boolean {
    const { anyTags: tagInc, noTags: tagExc, chainsIn: chainInc, chainsOut: chainExc, minFidelity: minF, maxFidelity: maxF } = gridFilterOf(q, this.chainCodes());
    const rv = q.rv;
    const makes = rv?.makes ? maskOf(rv.makes, makeBits) : 0;
    const types = rv?.rvTypes ? maskOf(rv.rvTypes, typeBits) : 0;
    const services = rv?.services ? maskOf(rv.services, serviceBits) : 0;
    const amenity = rv?.amenity ? fold(rv.amenity) : null;
    const flag = (value: boolean | undefined, bit: number) => (value === undefined ? null : { bit, on: value });
    const flags = rv ? [flag(rv.rental, RV_FLAG_RENTAL), flag(rv.association, RV_FLAG_ASSOCIATION), flag(rv.partner, RV_FLAG_PARTNER)].filter((f) => f !== null) : [];
    return (r) => {
      if (tagInc && !(r[TAGS] & tagInc)) return false;
      if (tagExc && r[TAGS] & tagExc) return false;
      if (chainInc && !chainInc.has(r[CHAIN])) return false;
      if (chainExc && chainExc.has(r[CHAIN])) return false;
      if (r[FID] < minF || r[FID] > maxF) return false;
      if (rv) {
        if (r[9] !== 1) return false;
        if (makes && !(r[MAKES] & makes)) return false;
        if (types && !(r[TYPES] & types)) return false;
        if (services && ((r[SERVICES] & services) >>> 0) !== services) return false;
        if (amenity && !(r[AMENITIES] as unknown as string).includes(amenity)) return false;
        for (const f of flags) if (Boolean(r[FLAGS] & f.bit) !== f.on) return false;
      }
      return true;
    };
  }

  private collect(rows: Iterable<Row>, area: SearchArea, test: (r: Row) => boolean, deadline?: Deadline): Match[] {
    const out: Match[] = [];
    const m = newMeasure();
    for (const r of rows) {
      deadline?.check();
      const fine = area.corridor ? cellOf(r[LON], r[LAT], FINE) : 0;
      if (!inArea(area, r[X], r[Y], r[Z], r[LON], r[LAT], fine, m) || !test(r)) continue;
      out.push({ row: r, c2: m.c2, route: area.corridor ? { c2: m.route.c2, along: m.route.along } : null });
    }
    return out;
  }

  private treeRows(stmt: typeof this.s.rtree, box: GeoBox): Row[] {
    const rows: Row[] = [];
    for (const lon of box.lons) for (const r of stmt.all(lon.east, lon.west, box.north, box.south) as Row[]) rows.push(r);
    return rows;
  }

  /** Every place whose names match, read by id (the parser allows a search without an area only with a name). */
  private wholeDatasetRows(q: SearchQuery): Row[] {
    const fts = this.ftsExpression(q);
    if (!fts) return this.s.everything.all() as Row[];
    const name = q.name ? nameExpression(q.name) : null;
    if (name) checkNameAloneMatches(this.s.ftsCount.get(name) as number);
    return this.s.ftsFull.all(fts, -90, 90) as Row[];
  }

  private locationRows(q: SearchQuery, deadline: Deadline): Row[] {
    const seen = new Set<number>();
    const rows: Row[] = [];
    let ftsIds: Set<number> | null = null;
    const fts = this.ftsExpression(q);
    if (fts) ftsIds = new Set(this.ftsIds(fts, deadline));
    const once = new Map(q.locations!.map((l) => [locationKey(l), l]));
    for (const loc of once.values()) {
      const found =
        loc.kind === 'country' ? this.s.byCountry.iterate(loc.code) : loc.kind === 'state' ? this.s.byState.iterate(loc.code) : this.s.byRegion.iterate(loc.id);
      for (const r of found as Iterable<Row>) {
        deadline.check();
        if (seen.has(r[ID]) || (ftsIds && !ftsIds.has(r[ID]))) continue;
        seen.add(r[ID]);
        rows.push(r);
      }
    }
    return rows;
  }

  private count(area: SearchArea, key: CountKey): number {
    let total = 0;
    const ranges = walkCells(this.each, area, key.key, (n) => (total += n));
    if (!ranges.length) return total;
    const grids = this.grids();
    if (grids) return total + grids.points.count(ranges, area, key);
    if (area.corridor || !area.circle) {
      const keep = (r: Row) => (key.kind === 'tag' ? (r[TAGS] & key.param) !== 0 : key.kind === 'chain' ? r[CHAIN] === key.param : true);
      const rows: Row[] = [];
      for (const [a, b] of ranges) for (const r of this.s.scanBase.all(a, b) as Row[]) rows.push(r);
      return total + this.collect(rows, area, keep).length;
    }
    const c = area.circle.center;
    const params: Record<string, number> = { cx: c[0], cy: c[1], cz: c[2], c2: area.circle.maxC2, a: 0, b: 0 };
    if (key.kind !== 'all') params.param = key.param;
    let stmt = this.edgeStmts[key.kind].circle;
    if (area.box) {
      const [r1, r2 = r1] = area.box.lons;
      Object.assign(params, { south: area.box.south, north: area.box.north, w1: r1.west, e1: r1.east, w2: r2.west, e2: r2.east });
      stmt = this.edgeStmts[key.kind].box;
    }
    for (const [a, b] of ranges) {
      params.a = a;
      params.b = b;
      total += stmt.get(params) as number;
    }
    return total;
  }

  private scanRows(area: SearchArea, withNames: boolean): Row[] {
    const rows: Row[] = [];
    const stmt = withNames ? this.s.scanFull : this.s.scanBase;
    for (const [a, b] of walkCells(this.each, area, COUNT_ALL, null)) for (const r of stmt.all(a, b) as Row[]) rows.push(r);
    return rows;
  }

  /**
   * In route order, with a total the count table answers: the inside cells' counts plus the edge cells' places; the
   * page from the inside cells in the order of their least possible offset (see firstAlongRoute).
   */
  private alongRoute(points: PointGrid, area: SearchArea, key: CountKey, test: (r: Row) => boolean, need: number, offset: number): { total: number; page: Match[] } {
    const walk = walkRoute(this.each, area, key.key);
    const read = (ranges: [number, number][]) => (points.scan(ranges, area, test) as Match[]).map((m) => ({ id: m.row[ID], route: m.route!, m }));
    const edge = read(walk.edge);
    const steps = firstAlongRoute(walk.inside, edge, need);
    let step = steps.next();
    while (!step.done) step = steps.next(read(step.value));
    return { total: walk.insideTotal + edge.length, page: step.value.slice(offset).map((c) => c.m) };
  }

  /** Nearest matches by an expanding search (point grid, or R*Tree): each ring is complete once its box is read. */
  private nearest(q: SearchQuery, area: SearchArea, test: (r: Row) => boolean, need: number, total: number, key: CountKey): Match[] {
    const k = Math.min(need, total);
    if (k === 0) return [];
    const cmp = comparator('distance');
    const center = q.center!;
    const radius = q.radius ?? Infinity;
    let meters = Math.min(radius, startRadius(this.each, center, need, key.key));
    const grids = this.grids();
    for (;;) {
      const ring = ringArea(area, center, meters);
      let matches: Match[] = [];
      if (ring.bounds) matches = grids ? (grids.points.within(ring.bounds, ring, key) as Match[]) : this.collect(this.treeRows(this.s.rtree, ring.bounds), ring, test);
      if (matches.length >= k || meters >= radius) return topK(matches, need, cmp);
      meters = Math.min(radius, meters * 4);
    }
  }
}
