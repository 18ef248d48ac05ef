import type pg from 'pg';
import { inBatches } from '@/lib/core/batches';
import { CHAINS } from '../../catalog';
import type { PlaceRecord } from '../../place-schema';
import { COUNT_DELTAS_LIMIT, CountDeltas, LocationDeltas, placeLocations } from '../count-keys';
import { cellOf, FINE } from '../grid';
import { indexWords, type PlaceColumns, PlaceWriteError, placeColumns, searchTexts } from '../place-columns';

/** Rows sent per INSERT: arrays of this many values per column. */
const BATCH = 2000;
/** Rows a statement of `unnest` arrays carries at most. */
const UNNEST_BATCH = 50_000;

/** The columns of `places`, in the order of the unnest below. */
const INSERT_SQL = `
INSERT INTO places (id, cell, fine_cell, lon, lat, x, y, z, geom, tags, chain, fidelity, rv, relevance, rating, rating_count,
  name_key, country, state, rv_makes, rv_types, rv_services, rv_flags, rv_amenities, names, everything, status, closures,
  rv_json, body, detail)
SELECT id, cell, fine_cell, lon, lat, x, y, z, ST_SetSRID(ST_MakePoint(lon, lat), 4326), tags, chain, fidelity, rv, relevance,
  rating, rating_count, name_key, country, state, rv_makes, rv_types, rv_services, rv_flags, rv_amenities,
  array_to_tsvector(string_to_array(names, ' ')), array_to_tsvector(string_to_array(everything, ' ')), status, closures,
  rv_json, body, detail
FROM unnest($1::bigint[], $2::int[], $3::int[], $4::float8[], $5::float8[], $6::float8[], $7::float8[], $8::float8[],
  $9::int[], $10::int[], $11::smallint[], $12::smallint[], $13::float8[], $14::float8[], $15::int[], $16::text[], $17::text[],
  $18::text[], $19::int[], $20::int[], $21::int[], $22::int[], $23::text[], $24::text[], $25::text[], $26::text[], $27::text[],
  $28::text[], $29::text[], $30::text[])
  AS t(id, cell, fine_cell, lon, lat, x, y, z, tags, chain, fidelity, rv, relevance, rating, rating_count, name_key, country,
  state, rv_makes, rv_types, rv_services, rv_flags, rv_amenities, names, everything, status, closures, rv_json, body, detail)`;

/** Everything of a place the INSERT needs: its columns, and its words as one space-separated string per index. */
export interface PgPlaceRow extends PlaceColumns {
  names: string;
  everything: string;
}

export function pgRow(c: PlaceColumns, texts: { names: string; culture: string }): PgPlaceRow {
  const names = indexWords(texts.names);
  return { ...c, names: names.join(' '), everything: [...new Set([...names, ...indexWords(texts.culture)])].join(' ') };
}

/** Inserts rows (already free of conflicts) in one statement. */
export async function insertRows(db: pg.ClientBase, rows: PgPlaceRow[]): Promise<void> {
  if (!rows.length) return;
  const col = <K extends keyof PgPlaceRow>(k: K) => rows.map((r) => r[k]);
  await db.query(INSERT_SQL, [
    col('id'), col('cell'), rows.map((r) => cellOf(r.lon, r.lat, FINE)), col('lon'), col('lat'), col('x'), col('y'), col('z'),
    col('tags'), col('chain'), col('fidelity'), col('rv'), col('relevance'), col('rating'), col('rating_count'), col('name_key'),
    col('country'), col('state'), col('rv_makes'), col('rv_types'), col('rv_services'), col('rv_flags'), col('rv_amenities'),
    col('names'), col('everything'), col('status'), col('closures'), col('rv_json'), col('body'), col('detail'),
  ]);
}

/**
 * Writes places inside a caller-owned transaction on the primary, in batches. New ids are inserted; known ids are
 * replaced (their counts taken back first). `finish()` applies the count changes and moves the data version, whose
 * NOTIFY reaches every instance when the transaction commits.
 */
export class PgPlaceWriter {
  private readonly deltas = new CountDeltas();
  private readonly locationDeltas = new LocationDeltas();
  private chainCodes = new Map<string, number>();
  private maxChain = 0;
  private pending: { index: number; place: PlaceRecord }[] = [];
  /** The last batch's inserts, sent and not yet answered: the next batch is made while the server writes this one. */
  private inflight: Promise<unknown> = Promise.resolve();
  private written = 0;
  /** Whether this write changed any cell count (the empty rows it may have left are dropped at the end). */
  private cellCountsChanged = false;

  private constructor(
    private readonly db: pg.ClientBase,
    private readonly today: string,
    private readonly replace: boolean,
    private readonly countDeltasLimit: number,
    private readonly cellCounts: boolean,
  ) {}

  /**
   * With `cellCounts: false` the cell count changes are not gathered, for a caller that counts the cells again after
   * (count-rebuild.ts).
   */
  static async open(db: pg.ClientBase, today: string, options: { replace: boolean; countDeltasLimit?: number; cellCounts?: boolean }): Promise<PgPlaceWriter> {
    const w = new PgPlaceWriter(db, today, options.replace, options.countDeltasLimit ?? COUNT_DELTAS_LIMIT, options.cellCounts ?? true);
    await ensureChains(db);
    const { rows } = await db.query<{ code: number; public_id: string }>('SELECT code, public_id FROM chains');
    w.chainCodes = new Map(rows.map((r) => [r.public_id, r.code]));
    w.maxChain = Math.max(0, ...rows.map((r) => r.code));
    return w;
  }

  get count(): number {
    return this.written;
  }

  /** Queues a place; writes a batch when enough are queued. `index` names it in an error. */
  async put(place: PlaceRecord, index: number): Promise<void> {
    this.pending.push({ index, place });
    if (this.pending.length >= BATCH) await this.flush();
  }

  private async chainCode(chain: PlaceRecord['chain']): Promise<number> {
    if (!chain) return 0;
    let code = this.chainCodes.get(chain.public_id);
    if (code === undefined) {
      code = ++this.maxChain;
      await this.inflight;
      await this.db.query('INSERT INTO chains (code, public_id, name) VALUES ($1, $2, $3)', [code, chain.public_id, chain.name]);
      this.chainCodes.set(chain.public_id, code);
    }
    return code;
  }

  async flush(): Promise<void> {
    const batch = this.pending;
    this.pending = [];
    if (!batch.length) return;
    const rows: PgPlaceRow[] = [];
    for (const { index, place } of batch) {
      try {
        rows.push(pgRow(placeColumns(place, await this.chainCode(place.chain), this.today), searchTexts(place)));
      } catch (err) {
        if (err instanceof PlaceWriteError) throw Object.assign(err, { index });
        throw err;
      }
    }
    // Answers in the order sent: an error of the last batch surfaces here, before this batch reads anything.
    await this.inflight;
    if (this.replace) await this.remove(rows.map((r) => r.id));
    await this.checkPreviousIds(batch);
    this.inflight = this.insertBatch(batch, rows);
    // Awaited before this writer's next query; a rejection is not unhandled meanwhile.
    this.inflight.catch(() => undefined);
    if (this.cellCounts) for (const r of rows) this.deltas.add(r.lon, r.lat, r.tags, r.chain, r.rv, 1);
    batch.forEach(({ place }, i) => {
      const c = rows[i];
      this.locationDeltas.add(placeLocations(c.country, c.state, place.regions_hierarchy.map((r) => r.id)), c.tags, c.chain, c.rv, 1);
    });
    this.written += rows.length;
    if (this.deltas.size >= this.countDeltasLimit) await this.applyCellCounts();
  }

  /** The batch's rows, previous ids and regions, one statement after another (one client runs one at a time). */
  private async insertBatch(batch: { place: PlaceRecord }[], rows: PgPlaceRow[]): Promise<void> {
    await insertRows(this.db, rows);
    const prev = batch.flatMap(({ place }) => place.previous_ids.map((p) => [p, place.id]));
    if (prev.length) {
      await this.db.query('INSERT INTO previous_ids (previous_id, place_id) SELECT * FROM unnest($1::bigint[], $2::bigint[])', [
        prev.map((p) => p[0]), prev.map((p) => p[1]),
      ]);
    }
    const regions = batch.flatMap(({ place }) => place.regions_hierarchy.map((r) => [r.id, place.id]));
    if (regions.length) {
      await this.db.query(
        'INSERT INTO place_regions (region_id, place_id) SELECT * FROM unnest($1::bigint[], $2::bigint[]) ON CONFLICT DO NOTHING',
        [regions.map((r) => r[0]), regions.map((r) => r[1])],
      );
    }
  }

  /** Deletes the places of these ids that exist (their previous ids and regions go with them), taking back their counts. */
  async remove(ids: number[]): Promise<void> {
    if (!ids.length) return;
    await this.inflight;
    const oldRegions = await this.db.query<{ place_id: string; regions: string[] }>(
      'SELECT place_id, array_agg(region_id) AS regions FROM place_regions WHERE place_id = ANY($1::bigint[]) GROUP BY place_id',
      [ids],
    );
    const regionsOf = new Map(oldRegions.rows.map((r) => [Number(r.place_id), r.regions.map(Number)]));
    const removed = await this.db.query<{ id: string; lon: number; lat: number; tags: number; chain: number; rv: number; country: string; state: string }>(
      'DELETE FROM places WHERE id = ANY($1::bigint[]) RETURNING id, lon, lat, tags, chain, rv, country, state',
      [ids],
    );
    for (const o of removed.rows) {
      if (this.cellCounts) this.deltas.add(o.lon, o.lat, o.tags, o.chain, o.rv, -1);
      this.locationDeltas.add(placeLocations(o.country, o.state, regionsOf.get(Number(o.id)) ?? []), o.tags, o.chain, o.rv, -1);
    }
  }

  /** The same rules as the SQLite writer: a previous id is never a current id, and belongs to one place only. */
  private async checkPreviousIds(batch: { index: number; place: PlaceRecord }[]): Promise<void> {
    const ids = batch.map((b) => b.place.id);
    const indexOf = (placeId: number) => batch.find((b) => b.place.id === placeId)!.index;
    const byPrev = (prev: number) => batch.find((b) => b.place.previous_ids.includes(prev))!.index;
    const claimed = new Map<number, number>();
    for (const { index, place } of batch) {
      for (const prev of place.previous_ids) {
        const other = claimed.get(prev);
        if (other !== undefined) throw Object.assign(new PlaceWriteError(`previous id ${prev} already belongs to place ${other}`), { index });
        claimed.set(prev, place.id);
      }
    }
    const batchIds = new Set(ids);
    for (const prev of claimed.keys()) {
      if (batchIds.has(prev)) throw Object.assign(new PlaceWriteError(`previous id ${prev} is the current id of another place`), { index: byPrev(prev) });
    }
    for (const { index, place } of batch) {
      if (claimed.has(place.id)) throw Object.assign(new PlaceWriteError(`id ${place.id} is a previous id of another place`), { index });
    }
    const prevs = [...claimed.keys()];
    // One client runs one query at a time.
    const none = { rows: [] as never[] };
    const current = prevs.length ? await this.db.query<{ id: number }>('SELECT id FROM places WHERE id = ANY($1::bigint[])', [prevs]) : none;
    const owners = prevs.length
      ? await this.db.query<{ previous_id: number; place_id: number }>('SELECT previous_id, place_id FROM previous_ids WHERE previous_id = ANY($1::bigint[])', [prevs])
      : none;
    const ownIds = await this.db.query<{ previous_id: number; place_id: number }>('SELECT previous_id, place_id FROM previous_ids WHERE previous_id = ANY($1::bigint[])', [ids]);
    if (current.rows.length) {
      const prev = current.rows[0].id;
      throw Object.assign(new PlaceWriteError(`previous id ${prev} is the current id of another place`), { index: byPrev(prev) });
    }
    const foreign = owners.rows.find((o) => o.place_id !== claimed.get(o.previous_id));
    if (foreign) {
      throw Object.assign(new PlaceWriteError(`previous id ${foreign.previous_id} already belongs to place ${foreign.place_id}`), { index: byPrev(foreign.previous_id) });
    }
    if (ownIds.rows.length) {
      const id = ownIds.rows[0].previous_id;
      throw Object.assign(new PlaceWriteError(`id ${id} is a previous id of another place`), { index: indexOf(id) });
    }
    if (owners.rows.length) {
      // The same place written again with its own previous ids: replace them.
      await this.db.query('DELETE FROM previous_ids WHERE previous_id = ANY($1::bigint[])', [owners.rows.map((o) => o.previous_id)]);
    }
  }

  /**
   * Writes what is queued, applies the count changes and moves the data version (notifying every instance). The
   * caller's next statement on this client comes after it: until then a batch may still be under way.
   */
  async finish(): Promise<number> {
    await this.flush();
    await this.inflight;
    await this.applyCellCounts();
    if (this.cellCountsChanged) await this.db.query('DELETE FROM cell_counts WHERE n <= 0');
    await applyLocationDeltas(this.db, this.locationDeltas);
    return bumpVersion(this.db);
  }

  private async applyCellCounts(): Promise<void> {
    await this.inflight;
    for (const part of inBatches(this.deltas.take(), UNNEST_BATCH)) {
      this.cellCountsChanged = true;
      await this.db.query(
        `INSERT INTO cell_counts (key, cell, n) SELECT * FROM unnest($1::int[], $2::int[], $3::int[])
         ON CONFLICT (key, cell) DO UPDATE SET n = cell_counts.n + excluded.n`,
        [part.map((c) => c[0]), part.map((c) => c[1]), part.map((c) => c[2])],
      );
    }
  }
}

/** Applies gathered location-count and location-pair changes (rows that reach zero are dropped). */
export async function applyLocationDeltas(db: pg.ClientBase, deltas: LocationDeltas): Promise<void> {
  const { counts, pairs } = deltas.take();
  for (const part of inBatches(counts, UNNEST_BATCH)) {
    await db.query(
      `INSERT INTO location_counts (loc, key, n) SELECT * FROM unnest($1::text[], $2::int[], $3::int[])
       ON CONFLICT (loc, key) DO UPDATE SET n = location_counts.n + excluded.n`,
      [part.map((c) => c[0]), part.map((c) => c[1]), part.map((c) => c[2])],
    );
  }
  for (const part of inBatches(pairs, UNNEST_BATCH)) {
    await db.query(
      `INSERT INTO location_pairs (a, b, n) SELECT * FROM unnest($1::text[], $2::text[], $3::int[])
       ON CONFLICT (a, b) DO UPDATE SET n = location_pairs.n + excluded.n`,
      [part.map((c) => c[0]), part.map((c) => c[1]), part.map((c) => c[2])],
    );
  }
  if (counts.length) await db.query('DELETE FROM location_counts WHERE n <= 0');
  if (pairs.length) await db.query('DELETE FROM location_pairs WHERE n <= 0');
}

export const CHANGE_CHANNEL = 'places_changed';

/** Moves the data version and notifies every instance (delivered when the transaction commits); returns it. */
export async function bumpVersion(db: pg.ClientBase): Promise<number> {
  const { rows } = await db.query<{ value: string }>(
    `UPDATE places_meta SET value = (value::bigint + 1)::text WHERE key = 'version' RETURNING value`,
  );
  await db.query('SELECT pg_notify($1, $2)', [CHANGE_CHANNEL, rows[0].value]);
  return Number(rows[0].value);
}

/** The catalog's chains with the same codes as the SQLite store (1, 2, ... in catalog order). */
export async function ensureChains(db: pg.ClientBase): Promise<void> {
  await db.query(
    'INSERT INTO chains (code, public_id, name) SELECT * FROM unnest($1::int[], $2::text[], $3::text[]) ON CONFLICT DO NOTHING',
    [CHAINS.map((_, i) => i + 1), CHAINS.map((c) => c.public_id), CHAINS.map((c) => c.name)],
  );
}
