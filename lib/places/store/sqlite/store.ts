import { CHAINS, type NamedId, RV_AVAILABLE_SERVICES, RV_SERVICED_MAKES, RV_TYPES, STANDARD_TAGS } from '../../catalog';
import type { Closure, PlaceRecord } from '../../place-schema';
import { isoDate, statusAsOf } from '../../status';
import type {
  HealthChecks, PlaceDetailHit, StoredPlaceRow, PlaceHit, PlaceStoreAdmin, RvLists, SearchQuery, SearchResult, SeedMeta, SourceImport, SourceLedger, ViewMatches,
  ViewQuery, WriteOptions,
} from '../types';
import type { RouteMeasure } from '../../route/line';
import type { ReviewTally } from '../../traveler-content';
import { distanceOf, nameOfBody, placeHit } from '../hits';
import { seedMetaEntries } from '../seed-meta';
import { type Db, getMeta, openPlacesDb, setMeta } from './schema';
import { SqliteSearch } from './search';
import { withoutSecondaryIndexes } from './bulk-indexes';
import { rebuildCellCounts } from './count-rebuild';
import { clearPlaces, readSources, writeSources } from './sources';
import { applyTravelerTallies, forgetTravelerTallies } from './traveler-tallies';
import { WrittenPlaces } from '../traveler-tallies';

/** The page cache of a write of many places, in KiB as `PRAGMA cache_size` takes it (negative): 64 MiB. */
const LOAD_CACHE_SIZE = -65_536;
/** From how many places an import builds the indexes after writing rather than during (bulk-indexes.ts). */
const BULK_PLACES = 10_000;
import { PlaceWriteError, PlaceWriter } from './writer';

/** Places to write, each replacing its id's place or not. */
type PlaceWrites = Iterable<{ place: PlaceRecord; replace: boolean }>;

function* alike(records: Iterable<PlaceRecord>, replace: boolean): PlaceWrites {
  for (const place of records) yield { place, replace };
}

/** Puts places through the writer; a PlaceWriteError carries the offending record's position. Returns how many. */
function putAll(writer: PlaceWriter, writes: PlaceWrites, onProgress?: (written: number) => void): number {
  let index = 0;
  for (const { place, replace } of writes) {
    try {
      writer.put(place, { replace });
    } catch (err) {
      if (err instanceof PlaceWriteError) throw Object.assign(err, { index });
      throw err;
    }
    index++;
    if (onProgress && index % 10_000 === 0) onProgress(index);
  }
  return index;
}

/** The embedded place store: SQLite (better-sqlite3) with R*Tree, FTS5 and a per-cell count table. */
export class SqlitePlaceStore implements PlaceStoreAdmin {
  readonly engine = 'sqlite' as const;
  private chainById = new Map<number, string>();
  private chainCodes = new Map<string, number>();
  private readonly searcher: SqliteSearch;
  private readonly s;

  constructor(
    readonly db: Db,
    options: ConstructorParameters<typeof SqliteSearch>[2] = {},
  ) {
    this.loadChains();
    this.searcher = new SqliteSearch(db, () => this.chainCodes, options);
    this.s = {
      body: db.prepare('SELECT id, body, status, tags, chain, rv_json FROM places WHERE id = ?'),
      detail: db.prepare('SELECT id, body, status, tags, chain, rv_json, detail FROM places WHERE id = ?'),
      previous: db.prepare('SELECT place_id FROM previous_ids WHERE previous_id = ?').pluck(),
      count: db.prepare('SELECT count(*) FROM places').pluck(),
      bodies: db.prepare('SELECT id, body FROM places WHERE id IN (SELECT value FROM json_each(?))').raw(true),
      byIds: db.prepare(
        `SELECT asked.value AS asked, p.id, p.body, p.status, p.tags, p.chain, p.rv_json FROM json_each(?) asked
         JOIN places p ON p.id = coalesce((SELECT id FROM places WHERE id = asked.value), (SELECT place_id FROM previous_ids WHERE previous_id = asked.value))`,
      ),
      chains: db.prepare('SELECT code, public_id, name FROM chains ORDER BY name, public_id'),
    };
  }

  static open(file: string, options: { readonly?: boolean } = {}): SqlitePlaceStore {
    return new SqlitePlaceStore(openPlacesDb(file, options));
  }

  private loadChains() {
    const rows = this.db.prepare('SELECT code, public_id FROM chains').all() as { code: number; public_id: string }[];
    this.chainById = new Map(rows.map((r) => [r.code, r.public_id]));
    this.chainCodes = new Map(rows.map((r) => [r.public_id, r.code]));
  }

  /**
   * Brings derived data up to date at start: `status` as of today (only places with closures can change), and
   * image URLs when the public base URL moved.
   */
  async refresh(today: string = isoDate(new Date()), baseUrl?: string): Promise<void> {
    if (getMeta(this.db, 'status_as_of') !== today) {
      const rows = this.db.prepare('SELECT id, closures FROM places WHERE closures IS NOT NULL').all() as { id: number; closures: string }[];
      const update = this.db.prepare('UPDATE places SET status = ? WHERE id = ?');
      this.db.transaction(() => {
        for (const r of rows) update.run(JSON.stringify(statusAsOf(JSON.parse(r.closures) as Closure[], today, today)), r.id);
        setMeta(this.db, 'status_as_of', today);
      })();
    }
    const stored = getMeta(this.db, 'base_url');
    if (baseUrl && stored && stored !== baseUrl) {
      this.db.transaction(() => {
        this.db.prepare('UPDATE places SET body = replace(body, ?, ?) WHERE instr(body, ?) > 0').run(`"${stored}/media/`, `"${baseUrl}/media/`, `"${stored}/media/`);
        setMeta(this.db, 'base_url', baseUrl);
      })();
    }
  }

  /** Loads the count table's large keys and builds the memory index before the first request. */
  async warm(): Promise<void> {
    this.searcher.warm();
  }

  /** One file, one connection: what details read is what was written. */
  async detailsForWrite(id: number): Promise<PlaceDetailHit | null> {
    return this.details(id);
  }

  async writePlaces(records: Iterable<PlaceRecord>, options: WriteOptions): Promise<number> {
    const fresh = !options.replace && (await this.count()) === 0;
    return this.load(fresh, false, options.onProgress, () =>
      this.db.transaction(() => {
        const places = new WrittenPlaces();
        let written = 0;
        const writeAll = () => {
          const writer = new PlaceWriter(this.db, options.today, { cellCounts: !fresh });
          written = putAll(writer, alike(places.noting(records, (p) => p.id), options.replace), options.onProgress);
          writer.finish();
        };
        // A first load (the seed, an NDJSON import into an empty store) is a bulk write, whatever its size.
        if (fresh) this.bulkWrite(writeAll);
        else writeAll();
        forgetTravelerTallies(this.db, places);
        return written;
      })(),
    );
  }

  async placeSources(): Promise<SourceLedger> {
    return readSources(this.db);
  }

  async applyImport(change: SourceImport, options: Omit<WriteOptions, 'replace'>): Promise<number> {
    const fresh = (await this.count()) === 0;
    return this.load(fresh, change.replaceAll, options.onProgress, () =>
      this.db.transaction(() => {
        if (change.replaceAll) clearPlaces(this.db);
        const places = new WrittenPlaces();
        if (change.replaceAll) places.everything();
        let written = 0;
        const bulk = change.sourceCount >= BULK_PLACES && (change.replaceAll || change.sourceCount > 2 * (this.s.count.get() as number));
        const writeAll = () => {
          const writer = new PlaceWriter(this.db, options.today, { cellCounts: !bulk });
          for (const id of change.remove) writer.remove(id);
          change.remove.forEach((id) => places.add(id));
          written = putAll(writer, places.noting(change.records, (w) => w.place.id), options.onProgress);
          writer.finish();
        };
        if (bulk) this.bulkWrite(writeAll);
        else writeAll();
        writeSources(this.db, change.sources, change.forgetSources);
        forgetTravelerTallies(this.db, places);
        return written;
      })(),
    );
  }

  /** A write of many places into few: the indexes built once at its end, and the cells counted once after them. */
  private bulkWrite(write: () => void): void {
    withoutSecondaryIndexes(this.db, write);
    rebuildCellCounts(this.db);
  }

  /**
   * Runs a write of many places: a fresh file needs no write-ahead log for its first load (the rollback journal of
   * empty pages is tiny), and its statistics (or after `analyze`) are made after it.
   */
  private load(fresh: boolean, analyze: boolean, onProgress: ((written: number) => void) | undefined, write: () => number): number {
    if (fresh) this.db.pragma('journal_mode = DELETE');
    // Through the page cache rather than the memory map: every page of a multi-gigabyte file that the write and its
    // ANALYZE touch would stay mapped into this process (4.6 GiB resident for a million places, `npm run bench:import`).
    const mmapSize = this.db.pragma('mmap_size', { simple: true }) as number;
    this.db.pragma('mmap_size = 0');
    // And a smaller page cache (with it the sorter's memory while the indexes are built): 170 MiB less at a million
    // places, in the same time.
    const cacheSize = this.db.pragma('cache_size', { simple: true }) as number;
    this.db.pragma(`cache_size = ${LOAD_CACHE_SIZE}`);
    let written: number;
    try {
      written = write();
      if (fresh || analyze) this.db.exec('ANALYZE');
    } finally {
      this.db.pragma(`cache_size = ${cacheSize}`);
      this.db.pragma(`mmap_size = ${mmapSize}`);
      if (fresh) this.db.pragma('journal_mode = WAL');
    }
    onProgress?.(written);
    this.loadChains();
    return written;
  }

  async applyTravelerTallies(tallies: ReadonlyMap<number, ReviewTally>): Promise<number> {
    return applyTravelerTallies(this.db, tallies);
  }

  async generatedOn(): Promise<string | null> {
    return getMeta(this.db, 'generated_on') ?? null;
  }

  async markSeeded(meta: SeedMeta): Promise<void> {
    this.db.transaction(() => {
      for (const [key, value] of seedMetaEntries(meta)) setMeta(this.db, key, value);
    })();
  }

  ready(): boolean {
    return this.db.open;
  }

  health(): HealthChecks {
    return { 'places.sqlite': this.db.open ? true : 'closed' };
  }

  describe(): string {
    return `SQLite ${this.db.name}`;
  }

  /** Whether searches run on the in-memory grids yet ('ready') or on SQLite's indexes alone. */
  get memoryIndexState() {
    return this.searcher.memoryIndexState;
  }

  private hit(row: StoredPlaceRow, distance: number | null, route: RouteMeasure | null = null): PlaceHit {
    let chain: string | null = null;
    if (row.chain) {
      if (!this.chainById.has(row.chain)) this.loadChains();
      chain = this.chainById.get(row.chain) ?? null;
    }
    return placeHit(row, chain, distance, route);
  }

  async search(query: SearchQuery): Promise<SearchResult> {
    if (query.chains.include.concat(query.chains.exclude).some((c) => !this.chainCodes.has(c))) this.loadChains();
    const { total, page } = this.searcher.run(query);
    const hits = page.map((m) => {
      const row = this.s.body.get(m.row[0]) as StoredPlaceRow;
      return this.hit(row, query.center ? distanceOf(m.c2) : null, m.route);
    });
    return { total, hits };
  }

  async viewMatches(query: SearchQuery, view: ViewQuery): Promise<ViewMatches> {
    if (query.chains.include.concat(query.chains.exclude).some((c) => !this.chainCodes.has(c))) this.loadChains();
    return this.searcher.viewMatches(query, view);
  }

  async names(ids: number[]): Promise<Map<number, string>> {
    const rows = ids.length ? (this.s.bodies.all(JSON.stringify(ids)) as [number, string][]) : [];
    return new Map(rows.map(([id, body]) => [id, nameOfBody(body)]));
  }

  async places(ids: number[]): Promise<Map<number, PlaceHit>> {
    const rows = ids.length ? (this.s.byIds.all(JSON.stringify(ids)) as (StoredPlaceRow & { asked: number })[]) : [];
    return new Map(rows.map((row) => [Number(row.asked), this.hit(row, null)]));
  }

  async details(id: number): Promise<PlaceDetailHit | null> {
    let row = this.s.detail.get(id) as (StoredPlaceRow & { detail: string }) | undefined;
    if (!row) {
      const current = this.s.previous.get(id) as number | undefined;
      if (current !== undefined) row = this.s.detail.get(current) as (StoredPlaceRow & { detail: string }) | undefined;
    }
    return row ? { ...this.hit(row, null), detail: row.detail } : null;
  }

  async tags(): Promise<NamedId[]> {
    return STANDARD_TAGS;
  }

  async chains(): Promise<NamedId[]> {
    const rows = this.s.chains.all() as { public_id: string; name: string }[];
    return rows.length ? rows.map((r) => ({ public_id: r.public_id, name: r.name })) : CHAINS;
  }

  async rvLists(): Promise<RvLists> {
    return { serviced_makes: RV_SERVICED_MAKES, rv_types: RV_TYPES, available_services: RV_AVAILABLE_SERVICES };
  }

  /** One process owns the file: nothing to wait for. */
  exclusively<T>(_name: string, fn: () => Promise<T>): Promise<T> {
    return fn();
  }

  async count(): Promise<number> {
    return this.s.count.get() as number;
  }

  close(): void {
    this.searcher.close();
    if (this.db.open) this.db.close();
  }
}
