import pg from 'pg';
import { withAdvisoryLock } from '@/lib/db/postgres/advisory-lock';
import { type PgCluster, prepared, type Queryable } from '@/lib/db/postgres/cluster';
import { openDatabase, type DatabaseOptions } from '@/lib/db/postgres/database';
import { describeUrl } from '@/lib/db/postgres/errors';
import { connectClient } from '@/lib/db/postgres/client';
import { logger } from '@/lib/core/logger';
import { CHAINS, type NamedId, RV_AVAILABLE_SERVICES, RV_SERVICED_MAKES, RV_TYPES, STANDARD_TAGS } from '../../catalog';
import type { Closure, PlaceRecord } from '../../place-schema';
import { isoDate, statusAsOf } from '../../status';
import { PlaceWriteError } from '../place-columns';
import type {
  HealthChecks, PlaceDetailHit, StoredPlaceRow, PlaceHit, PlaceStoreAdmin, RvLists, SearchQuery, SearchResult, SeedMeta, SourceImport, SourceLedger, ViewMatches, ViewQuery,
  WriteOptions,
} from '../types';
import { COUNT_ALL, FINE_KEY } from '../count-keys';
import type { Db } from '../sqlite/schema';
import type { RouteMeasure } from '../../route/line';
import { distanceOf, nameOfBody, placeHit } from '../hits';
import { seedMetaEntries } from '../seed-meta';
import { PgCellCounts } from './cell-counts';
import { copySqliteToPostgres } from './copy-from-sqlite';
import { MemoryColumns, type MemoryColumnsState } from './memory-columns';
import { PgSearch } from './search';
import { pgViewMatches } from './view-matches';
import { clearPlaces, readSources, writeSources } from './sources';
import { CHANGE_CHANNEL, ensureChains, PgPlaceWriter } from './writer';
import { rebuildCellCounts } from './count-rebuild';
import { applyTravelerTallies, forgetTravelerTallies } from './traveler-tallies';
import { WrittenPlaces } from '../traveler-tallies';
import type { ReviewTally } from '../../traveler-content';

const VACUUM_PLACES = 'VACUUM (ANALYZE) places, cell_counts, previous_ids, place_regions, location_counts, location_pairs, place_sources';

/** How often the data version is read, in case a notification was missed (the listener reconnecting). */
const VERSION_POLL_MS = 5000;

export interface PostgresStoreOptions extends DatabaseOptions {
  /**
   * Whether this instance keeps a copy of the place columns in memory (about 90 bytes a place, loaded at start and
   * again after each write) to answer searches by locations outside the location counts; default true.
   */
  memoryColumns?: boolean;
}

/** Queues places on the writer (which writes them in batches), reporting now and then how many are written. */
async function putAll(writer: PgPlaceWriter, places: Iterable<PlaceRecord>, onProgress?: (written: number) => void): Promise<void> {
  let index = 0;
  let reported = 0;
  for (const place of places) {
    await writer.put(place, index++);
    if (onProgress && writer.count - reported >= 10_000) onProgress((reported = writer.count));
  }
}

/** How many places there are, as this transaction sees them. */
async function placeCount(db: pg.ClientBase): Promise<number> {
  return (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM places')).rows[0].n;
}

/** The places of an import's writes: the PostgreSQL writer replaces any place of the same id in its batch. */
function* placesOf(writes: SourceImport['records']): Iterable<PlaceRecord> {
  for (const { place } of writes) yield place;
}

/**
 * The place store on PostgreSQL + PostGIS, with reads on streaming replicas. The database is the only source of
 * truth; what this instance keeps (the count table per key, the chain list) is a cache dropped when the data
 * version moves, which every write announces with NOTIFY.
 */
export class PostgresPlaceStore implements PlaceStoreAdmin {
  readonly engine = 'postgres' as const;
  private readonly counts = new PgCellCounts();
  private readonly engineSearch: PgSearch;
  private chainById = new Map<number, string>();
  private chainCodes = new Map<string, number>();
  private chainsVersion = -1;
  private listener: pg.Client | null = null;
  private listenerRetry: NodeJS.Timeout | null = null;
  private poll: NodeJS.Timeout | null = null;
  private closed = false;

  private readonly memory: MemoryColumns;

  private constructor(
    readonly cluster: PgCluster,
    private readonly release: () => Promise<void>,
    memoryColumns: boolean,
  ) {
    this.memory = new MemoryColumns(memoryColumns, () => this.cluster.reader(), () => this.counts.version);
    this.engineSearch = new PgSearch(this.counts, () => this.chainCodes, this.memory);
  }

  /** Waits for the database, applies the migrations, checks the servers and starts listening for changes. */
  static async open(options: PostgresStoreOptions): Promise<PostgresPlaceStore> {
    const { cluster, release } = await openDatabase(options);
    const store = new PostgresPlaceStore(cluster, release, options.memoryColumns ?? true);
    await cluster.transaction((db) => ensureChains(db));
    await store.listen();
    await store.readVersion();
    store.poll = setInterval(() => void store.readVersion().catch(() => undefined), VERSION_POLL_MS);
    store.poll.unref();
    return store;
  }

  describe(): string {
    const replicas = this.cluster.replicaLabels;
    return `PostgreSQL ${this.cluster.primaryLabel}${replicas.length ? `, reads on replicas ${replicas.join(', ')}` : ', reads on the primary'}`;
  }

  private async listen(): Promise<void> {
    if (this.closed) return;
    const client = new pg.Client({ connectionString: this.cluster.options.primaryUrl, connectionTimeoutMillis: 3000 });
    const retry = () => {
      if (this.listener === client) this.listener = null;
      client.end().catch(() => undefined);
      if (this.closed || this.listenerRetry) return;
      this.listenerRetry = setTimeout(() => {
        this.listenerRetry = null;
        void this.listen().catch(retry);
      }, 1000);
      this.listenerRetry.unref();
    };
    client.on('error', retry);
    client.on('end', retry);
    client.on('notification', (n) => {
      if (n.channel === CHANGE_CHANNEL) this.changed(Number(n.payload));
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANGE_CHANNEL}`);
      this.listener = client;
    } catch (err) {
      logger.warn('cannot listen for place changes; polling meanwhile', { database: describeUrl(this.cluster.options.primaryUrl), error: (err as Error).message });
      retry();
    }
  }

  private async readVersion(): Promise<void> {
    const { rows } = await this.cluster.primary.query<{ value: string }>(`SELECT value FROM places_meta WHERE key = 'version'`);
    this.changed(Number(rows[0].value));
  }

  private changed(version: number): void {
    this.counts.advance(version);
  }

  private async loadChains(db: Queryable): Promise<void> {
    const { rows } = await db.query<{ code: number; public_id: string }>('SELECT code, public_id FROM chains');
    this.chainById = new Map(rows.map((r) => [r.code, r.public_id]));
    this.chainCodes = new Map(rows.map((r) => [r.public_id, r.code]));
    this.chainsVersion = this.counts.version;
  }

  private hit(row: StoredPlaceRow, distance: number | null, route: RouteMeasure | null = null): PlaceHit {
    return placeHit(row, row.chain ? (this.chainById.get(row.chain) ?? null) : null, distance, route);
  }

  async search(query: SearchQuery): Promise<SearchResult> {
    return this.cluster.read(async (db) => {
      const unknownChain = query.chains.include.concat(query.chains.exclude).some((c) => !this.chainCodes.has(c));
      if (unknownChain || this.chainsVersion < this.counts.version) await this.loadChains(db);
      const { total, page } = await this.engineSearch.run(db, query);
      if (!page.length) return { total, hits: [] };
      const { rows } = await db.query<StoredPlaceRow>(prepared('SELECT id, body, status, tags, chain, rv_json FROM places WHERE id = ANY($1::bigint[])', [page.map((m) => m.id)]));
      const byId = new Map(rows.map((r) => [r.id, r]));
      if (rows.some((r) => r.chain && !this.chainById.has(r.chain))) await this.loadChains(db);
      const hits: PlaceHit[] = [];
      for (const m of page) {
        const row = byId.get(m.id);
        // A place removed between the two reads is left out rather than shown half.
        if (row) hits.push(this.hit(row, query.center ? distanceOf(m.c2) : null, m.route ?? null));
      }
      return { total, hits };
    });
  }

  async viewMatches(query: SearchQuery, view: ViewQuery): Promise<ViewMatches> {
    return this.cluster.read(async (db) => {
      const unknownChain = query.chains.include.concat(query.chains.exclude).some((c) => !this.chainCodes.has(c));
      if (unknownChain || this.chainsVersion < this.counts.version) await this.loadChains(db);
      return pgViewMatches(db, { counts: this.counts, search: this.engineSearch, chainCodes: () => this.chainCodes }, query, view);
    });
  }

  async names(ids: number[]): Promise<Map<number, string>> {
    if (!ids.length) return new Map();
    return this.cluster.read(async (db) => {
      const { rows } = await db.query<{ id: number; body: string }>(prepared('SELECT id, body FROM places WHERE id = ANY($1::bigint[])', [ids]));
      return new Map(rows.map((r) => [Number(r.id), nameOfBody(r.body)]));
    });
  }

  async places(ids: number[]): Promise<Map<number, PlaceHit>> {
    if (!ids.length) return new Map();
    return this.cluster.read(async (db) => {
      const { rows } = await db.query<StoredPlaceRow & { asked: string }>(
        prepared(
          `SELECT asked, p.id, p.body, p.status, p.tags, p.chain, p.rv_json FROM unnest($1::bigint[]) AS asked
           JOIN places p ON p.id = coalesce((SELECT id FROM places WHERE id = asked), (SELECT place_id FROM previous_ids WHERE previous_id = asked))`,
          [ids],
        ),
      );
      if (rows.some((row) => row.chain && !this.chainById.has(row.chain))) await this.loadChains(db);
      return new Map(rows.map((row) => [Number(row.asked), this.hit(row, null)]));
    });
  }

  async details(id: number): Promise<PlaceDetailHit | null> {
    return this.cluster.read((db) => this.detailsOn(db, id));
  }

  async detailsForWrite(id: number): Promise<PlaceDetailHit | null> {
    return this.cluster.readPrimary((db) => this.detailsOn(db, id));
  }

  private async detailsOn(db: Queryable, id: number): Promise<PlaceDetailHit | null> {
    const { rows } = await db.query<StoredPlaceRow & { detail: string }>(
      `SELECT id, body, status, tags, chain, rv_json, detail FROM places
       WHERE id = coalesce((SELECT id FROM places WHERE id = $1), (SELECT place_id FROM previous_ids WHERE previous_id = $1))`,
      [id],
    );
    const row = rows[0];
    if (!row) return null;
    if (row.chain && !this.chainById.has(row.chain)) await this.loadChains(db);
    return { ...this.hit(row, null), detail: row.detail };
  }

  async tags(): Promise<NamedId[]> {
    return STANDARD_TAGS;
  }

  async chains(): Promise<NamedId[]> {
    const { rows } = await this.cluster.read((db) => db.query<{ public_id: string; name: string }>('SELECT public_id, name FROM chains ORDER BY name COLLATE "C", public_id COLLATE "C"'));
    return rows.length ? rows.map((r) => ({ public_id: r.public_id, name: r.name })) : CHAINS;
  }

  async rvLists(): Promise<RvLists> {
    return { serviced_makes: RV_SERVICED_MAKES, rv_types: RV_TYPES, available_services: RV_AVAILABLE_SERVICES };
  }

  exclusively<T>(name: string, fn: () => Promise<T>): Promise<T> {
    return withAdvisoryLock(this.cluster.primary, `trip-explorer:places:${name}`, fn);
  }

  async count(): Promise<number> {
    const { rows } = await this.cluster.primary.query<{ n: number }>('SELECT count(*) AS n FROM places');
    return rows[0].n;
  }

  async writePlaces(records: Iterable<PlaceRecord>, options: WriteOptions): Promise<number> {
    const { written, version } = await this.bulkTransaction(async (db) => {
      const places = new WrittenPlaces();
      // A first load (the seed, an NDJSON import into an empty store) counts its cells once at its end.
      const bulk = !options.replace && (await placeCount(db)) === 0;
      const writer = await PgPlaceWriter.open(db, options.today, { replace: options.replace, cellCounts: !bulk });
      await putAll(writer, places.noting(records, (p) => p.id), options.onProgress);
      const version = await writer.finish();
      await forgetTravelerTallies(db, places);
      if (bulk) await rebuildCellCounts(db);
      return { version, written: writer.count };
    }, (r) => r.written > 1000);
    // This instance sees its own write at once; the others when the notification reaches them.
    this.changed(version);
    options.onProgress?.(written);
    return written;
  }

  async applyTravelerTallies(tallies: ReadonlyMap<number, ReviewTally>): Promise<number> {
    const { changed, version } = await this.cluster.transaction((db) => applyTravelerTallies(db, tallies));
    if (version !== null) this.changed(version);
    return changed;
  }

  async placeSources(): Promise<SourceLedger> {
    return readSources(this.cluster.primary);
  }

  async applyImport(change: SourceImport, options: Omit<WriteOptions, 'replace'>): Promise<number> {
    const { written, version } = await this.bulkTransaction(async (db) => {
      if (change.replaceAll) await clearPlaces(db);
      const places = new WrittenPlaces();
      if (change.replaceAll) places.everything();
      change.remove.forEach((id) => places.add(id));
      // Into an empty table nothing is replaced, and the cells are counted once at the end.
      const bulk = (await placeCount(db)) === 0;
      const writer = await PgPlaceWriter.open(db, options.today, { replace: !bulk, cellCounts: !bulk });
      await writer.remove(change.remove);
      await putAll(writer, places.noting(placesOf(change.records), (p) => p.id), options.onProgress);
      const moved = await writer.finish();
      await forgetTravelerTallies(db, places);
      if (bulk) await rebuildCellCounts(db);
      await writeSources(db, change.sources, change.forgetSources);
      return { version: moved, written: writer.count };
    }, (r) => r.written > 1000 || change.remove.length > 1000 || change.replaceAll);
    // This instance sees its own write at once; the others when the notification reaches them.
    this.changed(version);
    options.onProgress?.(written);
    return written;
  }

  /**
   * A bulk write in one transaction on a connection of its own, without the pool's statement and query timeouts
   * (10 and 12 s): a million places take minutes, and the pool's timeouts rolled such writes back. With `vacuum`
   * (a predicate on the result), the tables' statistics and visibility map are brought up to date after the commit.
   */
  private async bulkTransaction<T>(fn: (db: pg.ClientBase) => Promise<T>, vacuum: (result: T) => boolean = () => true): Promise<T> {
    const client = await connectClient({ connectionString: this.cluster.options.primaryUrl, application_name: 'trip-explorer import' });
    try {
      await client.query('BEGIN');
      let result: T;
      try {
        result = await fn(client);
        await client.query('COMMIT');
      } catch (err) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw err;
      }
      if (vacuum(result)) await client.query(VACUUM_PLACES);
      return result;
    } finally {
      await client.end().catch(() => undefined);
    }
  }

  /** Copies a SQLite place store into this one, which must be empty: all or nothing. */
  async copyFromSqlite(sqlite: Db, onProgress?: (copied: number, total: number) => void): Promise<number> {
    const { copied, version } = await this.bulkTransaction((db) => copySqliteToPostgres(sqlite, db, onProgress));
    // This instance sees its own write at once; the others when the notification reaches them.
    this.changed(version);
    return copied;
  }

  async generatedOn(): Promise<string | null> {
    return (await getMeta(this.cluster.primary)).get('generated_on') ?? null;
  }

  async markSeeded(meta: SeedMeta): Promise<void> {
    await this.cluster.transaction(async (db) => {
      for (const [key, value] of seedMetaEntries(meta)) {
        await setMeta(db, key, value);
      }
    });
  }

  async refresh(today: string = isoDate(new Date()), baseUrl?: string): Promise<void> {
    await this.cluster.transaction(async (db) => {
      // One instance refreshes; the others wait here and then find nothing to do.
      await db.query(`SELECT pg_advisory_xact_lock(hashtext('places_refresh'))`);
      const meta = await getMeta(db);
      if (meta.get('status_as_of') !== today) {
        const { rows } = await db.query<{ id: number; closures: string }>('SELECT id, closures FROM places WHERE closures IS NOT NULL');
        if (rows.length) {
          await db.query('UPDATE places SET status = t.status FROM unnest($1::bigint[], $2::text[]) AS t(id, status) WHERE places.id = t.id', [
            rows.map((r) => r.id),
            rows.map((r) => JSON.stringify(statusAsOf(JSON.parse(r.closures) as Closure[], today, today))),
          ]);
        }
        await setMeta(db, 'status_as_of', today);
      }
      const stored = meta.get('base_url');
      if (baseUrl && stored && stored !== baseUrl) {
        await db.query(`UPDATE places SET body = replace(body, $1, $2) WHERE strpos(body, $1) > 0`, [`"${stored}/media/`, `"${baseUrl}/media/`]);
        await setMeta(db, 'base_url', baseUrl);
      }
    });
  }

  async warm(): Promise<void> {
    await this.cluster.catchUp(this.cluster.options.maxReplicaLagMs);
    await this.cluster.read(async (db) => {
      await this.loadChains(db);
      await this.counts.ensure(db, [COUNT_ALL, COUNT_ALL + FINE_KEY]);
    });
    await this.memory.warm();
  }

  /** Whether this instance's copy of the place columns is off, missing, being read or ready (see MemoryColumns). */
  get memoryColumnsState(): MemoryColumnsState {
    return this.memory.state;
  }

  ready(): boolean {
    const h = this.cluster.health();
    return h.primary === true || Object.values(h.replicas).some((r) => r.state === 'ok');
  }

  health(): HealthChecks {
    const h = this.cluster.health();
    const checks: HealthChecks = { [`places.primary ${this.cluster.primaryLabel}`]: h.primary === true ? true : `down: ${h.primary}` };
    for (const [label, r] of Object.entries(h.replicas)) {
      checks[`places.replica ${label}`] =
        r.state === 'ok' ? true : r.state === 'lagging' ? `skipped: ${r.lagMs} ms behind (max ${this.cluster.options.maxReplicaLagMs} ms)` : `skipped: down (${r.error})`;
    }
    return checks;
  }

  async close(): Promise<void> {
    this.closed = true;
    this.memory.close();
    if (this.poll) clearInterval(this.poll);
    if (this.listenerRetry) clearTimeout(this.listenerRetry);
    const listener = this.listener;
    this.listener = null;
    await listener?.end().catch(() => undefined);
    await this.release();
  }
}

async function getMeta(db: Queryable): Promise<Map<string, string>> {
  const { rows } = await db.query<{ key: string; value: string }>('SELECT key, value FROM places_meta');
  return new Map(rows.map((r) => [r.key, r.value]));
}

async function setMeta(db: Queryable, key: string, value: string): Promise<void> {
  await db.query('INSERT INTO places_meta (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = excluded.value', [key, value]);
}

export { PlaceWriteError };
