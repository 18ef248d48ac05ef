import type pg from 'pg';
import { logger } from '@/lib/core/logger';
import type { SearchArea } from '../area';
import { positionsInRanges } from '../grid';
import { IdIndex, type RankArea, rankAreaOf, type RankColumns, Ranker } from '../rank';

/** Rows fetched from the cursor at a time, so a load never holds the event loop for long (about 10 ms a batch). */
const FETCH_ROWS = 2000;
/** After a failed load, or one that a newer write overtook, the next is tried no sooner than this. */
const RETRY_AFTER_MS = 2000;

/**
 * Every place's search columns at one data version, in memory, in fine-cell order as SQLite's point grid (a
 * country's places lie together, so a pass over several countries reads each part of the columns once), with each
 * place's rank in the name order as a column and its country and state as small codes: what a search by locations
 * with filters outside the location counts needs to be answered in one pass (see Ranker) rather than by reading
 * every match from PostgreSQL, along a route too (longitude, latitude and fine cell for the exact area test). About
 * 90 bytes a place. Immutable: a newer data version means a new load.
 */
export class PlaceColumns {
  readonly ranker: Ranker;
  private readonly byLocation = new Map<string, Int32Array>();
  private held = 0;

  private constructor(
    readonly version: number,
    readonly columns: RankColumns,
    /** What the exact area test reads beyond the rank columns: longitude, latitude, fine cell. */
    private readonly geometry: { lon: Float64Array; lat: Float64Array; cell: Int32Array },
    private readonly country: Uint16Array,
    private readonly state: Uint16Array,
    private readonly countryCodes: ReadonlyMap<string, number>,
    private readonly stateCodes: ReadonlyMap<string, number>,
    private readonly ids: IdIndex,
  ) {
    this.ranker = new Ranker(columns);
  }

  get size(): number {
    return this.columns.id.length;
  }

  /** Each position's longitude and latitude (read only). */
  get places(): { readonly lon: Float64Array; readonly lat: Float64Array } {
    return { lon: this.geometry.lon, lat: this.geometry.lat };
  }

  /** The positions of a country's (`c:US`) or a state's (`s:US-CA`) places, ascending; read once per load. */
  positionsIn(loc: string): Int32Array {
    let set = this.byLocation.get(loc);
    if (!set) {
      const byCountry = loc.startsWith('c:');
      const code = (byCountry ? this.countryCodes : this.stateCodes).get(loc.slice(2));
      const column = byCountry ? this.country : this.state;
      const out: number[] = [];
      if (code !== undefined) for (let i = 0; i < column.length; i++) if (column[i] === code) out.push(i);
      set = this.cache(loc, Int32Array.from(out));
    }
    return set;
  }

  /** Positions kept under a key by `cache` (a region's places, a text search's matches), for this load. */
  cached(loc: string): Int32Array | undefined {
    return this.byLocation.get(loc);
  }

  /** Keeps a location's positions; past four times the places held, the cache starts again. */
  cache(loc: string, positions: Int32Array): Int32Array {
    this.held += positions.length;
    if (this.held > 4 * this.size) {
      this.byLocation.clear();
      this.held = positions.length;
    }
    this.byLocation.set(loc, positions);
    return positions;
  }

  /** The positions of the places in the fine cell ranges, ascending. */
  positionsInCells(ranges: [number, number][]): Int32Array {
    return positionsInRanges(this.geometry.cell, ranges);
  }

  /** The area as the ranking tests it (see RankArea). */
  rankArea(area: SearchArea): RankArea {
    const c = this.columns;
    return rankAreaOf(area, { x: c.x, y: c.y, z: c.z, ...this.geometry });
  }

  /** The positions of places by id (ids not held are left out), ascending. */
  positionsOf(ids: ArrayLike<number>): Int32Array {
    return this.ids.positionsOf(ids);
  }

  /** Reads every place in one REPEATABLE READ snapshot, with the data version of that snapshot. */
  static async load(client: pg.PoolClient, isCancelled: () => boolean): Promise<PlaceColumns | null> {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    try {
      const meta = await client.query<{ version: string; n: string }>(
        `SELECT (SELECT value FROM places_meta WHERE key = 'version') AS version, (SELECT count(*) FROM places) AS n`,
      );
      const version = Number(meta.rows[0].version);
      const n = Number(meta.rows[0].n);
      // Sorting and reordering a million places here held the event loop 0.5 s: PostgreSQL sorts, on its own processes.
      await client.query("SET LOCAL work_mem = '64MB'");
      const c: RankColumns = {
        id: new Float64Array(n), x: new Float64Array(n), y: new Float64Array(n), z: new Float64Array(n),
        tags: new Int32Array(n), chain: new Int32Array(n), fidelity: new Uint8Array(n), rv: new Uint8Array(n),
        relevance: new Float64Array(n), rating: new Float64Array(n), ratingCount: new Int32Array(n), nameRank: new Int32Array(n),
      };
      const geometry = { lon: new Float64Array(n), lat: new Float64Array(n), cell: new Int32Array(n) };
      const idRank = new Int32Array(n);
      const country = new Uint16Array(n);
      const state = new Uint16Array(n);
      const countryCodes = new Map<string, number>();
      const stateCodes = new Map<string, number>();
      const codeOf = (codes: Map<string, number>, value: string) => {
        let code = codes.get(value);
        if (code === undefined) codes.set(value, (code = codes.size));
        return code;
      };
      // In fine-cell order, with each place's rank in the name order (name_key is COLLATE "C": the order of the SQL
      // searches' `ORDER BY name_key, id`) and in the id order (for lookups by id).
      await client.query(
        `DECLARE place_columns NO SCROLL CURSOR FOR
           SELECT id, country, state, x, y, z, tags, chain, fidelity, rv, relevance, rating, rating_count, lon, lat, fine_cell,
                  name_rank, (row_number() OVER (ORDER BY id) - 1)::int AS id_rank
           FROM (SELECT id, country, state, x, y, z, tags, chain, fidelity, rv, relevance, rating, rating_count, lon, lat, fine_cell,
                        (row_number() OVER (ORDER BY name_key, id) - 1)::int AS name_rank
                 FROM places) named
           ORDER BY fine_cell, name_rank`,
      );
      let i = 0;
      for (;;) {
        if (isCancelled()) return null;
        const { rows } = await client.query<unknown[]>({ text: `FETCH ${FETCH_ROWS} FROM place_columns`, rowMode: 'array' });
        if (!rows.length) break;
        for (const r of rows) {
          if (i === n) break;
          c.id[i] = r[0] as number;
          country[i] = codeOf(countryCodes, r[1] as string);
          state[i] = codeOf(stateCodes, r[2] as string);
          c.x[i] = r[3] as number;
          c.y[i] = r[4] as number;
          c.z[i] = r[5] as number;
          c.tags[i] = r[6] as number;
          c.chain[i] = r[7] as number;
          c.fidelity[i] = r[8] as number;
          c.rv[i] = r[9] as number;
          c.relevance[i] = r[10] as number;
          c.rating[i] = r[11] as number;
          c.ratingCount[i] = r[12] as number;
          geometry.lon[i] = r[13] as number;
          geometry.lat[i] = r[14] as number;
          geometry.cell[i] = r[15] as number;
          c.nameRank[i] = r[16] as number;
          idRank[i] = r[17] as number;
          i++;
        }
      }
      if (countryCodes.size > 0xffff || stateCodes.size > 0xffff) throw new Error('more than 65,535 countries or states');
      return new PlaceColumns(version, c, geometry, country, state, countryCodes, stateCodes, IdIndex.fromRanks(c.id, idRank));
    } finally {
      await client.query('ROLLBACK').catch(() => undefined);
    }
  }
}

export type MemoryColumnsState = 'off' | 'empty' | 'loading' | 'behind' | 'ready';

/**
 * This instance's copy of the place columns: loaded at start (`warm`), used while its data version is the newest
 * this instance knows of (every write bumps the version and announces it, see PgCellCounts), and loaded again in the
 * background at the first search after that. PostgreSQL stays the source of truth and answers (under the search
 * deadline) whenever the copy is missing or behind.
 */
export class MemoryColumns {
  private current: PlaceColumns | null = null;
  private loading = false;
  private notBefore = 0;
  private closed = false;

  constructor(
    private readonly enabled: boolean,
    private readonly pool: () => pg.Pool,
    private readonly newestVersion: () => number,
  ) {}

  get state(): MemoryColumnsState {
    if (!this.enabled) return 'off';
    if (this.loading) return 'loading';
    if (!this.current) return 'empty';
    return this.isCurrent() ? 'ready' : 'behind';
  }

  /** The columns when at the newest known version; otherwise null, after starting a load. */
  get(): PlaceColumns | null {
    if (!this.enabled || this.closed) return null;
    if (this.isCurrent()) return this.current;
    if (!this.loading && Date.now() >= this.notBefore) void this.load();
    return null;
  }

  /** Loads now (start-up, tests); resolves once the columns are current or the load failed. */
  async warm(): Promise<void> {
    if (!this.enabled) return;
    // A replica that has not yet replayed the newest write gives an older copy: a second read may find it.
    for (let attempt = 0; attempt < 2 && !this.isCurrent(); attempt++) {
      while (this.loading) await new Promise((r) => setTimeout(r, 20));
      if (!this.isCurrent() && !this.closed) await this.load();
    }
  }

  private isCurrent(): boolean {
    return this.current !== null && this.current.version >= this.newestVersion();
  }

  close(): void {
    this.closed = true;
    this.current = null;
  }

  private async load(): Promise<void> {
    this.loading = true;
    const started = Date.now();
    try {
      const client = await this.pool().connect();
      const onError = (err: Error) => logger.warn('database connection lost while loading the place columns', { error: err.message });
      client.on('error', onError);
      let failed: Error | undefined;
      try {
        const loaded = await PlaceColumns.load(client, () => this.closed);
        if (loaded && !this.closed) {
          if (!this.current || loaded.version >= this.current.version) this.current = loaded;
          logger.info('place columns loaded', { places: loaded.size, version: loaded.version, ms: Date.now() - started });
          // A replica behind the newest write: try again a little later rather than at every search.
          if (loaded.version < this.newestVersion()) this.notBefore = Date.now() + RETRY_AFTER_MS;
        }
      } catch (err) {
        failed = err as Error;
        throw err;
      } finally {
        client.off('error', onError);
        // A connection that failed mid-read is closed rather than handed to the next search.
        client.release(failed);
      }
    } catch (err) {
      this.notBefore = Date.now() + RETRY_AFTER_MS;
      if (!this.closed) logger.warn('place columns could not be loaded; PostgreSQL answers meanwhile', { error: (err as Error).message });
    } finally {
      this.loading = false;
    }
  }
}
