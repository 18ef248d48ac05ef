import type pg from 'pg';
import { inBatches } from '@/lib/core/batches';
import { SourceLedger } from '../source-ledger';
import { NO_PREVIOUS_IDS, type SourceRow } from '../types';

const BATCH = 5000;
const LEDGER_PAGE = 50_000;

/** The import ledger (migration 0016), read whole, in pages: an import matches its objects against it. */
export async function readSources(db: pg.ClientBase | pg.Pool): Promise<SourceLedger> {
  const out = new SourceLedger();
  let after = '';
  for (;;) {
    const { rows } = await db.query<{ key: string; place_id: string; digest: string; kind: string; name_key: string; lon: number; lat: number; previous_ids: string[] }>(
      'SELECT key, place_id, digest, kind, name_key, lon, lat, previous_ids FROM place_sources WHERE key > $1 ORDER BY key LIMIT $2',
      [after, LEDGER_PAGE],
    );
    for (const r of rows) {
      out.add({ key: r.key, placeId: Number(r.place_id), digest: r.digest, kind: r.kind, nameKey: r.name_key, lon: r.lon, lat: r.lat, previousIds: r.previous_ids.length ? r.previous_ids.map(Number) : NO_PREVIOUS_IDS });
    }
    if (rows.length < LEDGER_PAGE) return out;
    after = rows[rows.length - 1].key;
  }
}

/** Inside the caller's transaction. */
export async function writeSources(db: pg.ClientBase, upsert: Iterable<SourceRow>, forget: string[]): Promise<void> {
  for (let i = 0; i < forget.length; i += BATCH) {
    await db.query('DELETE FROM place_sources WHERE key = ANY($1::text[])', [forget.slice(i, i + BATCH)]);
  }
  for (const part of inBatches(upsert, BATCH)) {
    await db.query(
      `INSERT INTO place_sources (key, place_id, digest, kind, name_key, lon, lat, previous_ids)
       SELECT k, p, d, t, n, x, y, coalesce(string_to_array(nullif(v, ''), ',')::bigint[], '{}')
       FROM unnest($1::text[], $2::bigint[], $3::text[], $4::text[], $5::text[], $6::float8[], $7::float8[], $8::text[]) AS u(k, p, d, t, n, x, y, v)
       ON CONFLICT (key) DO UPDATE SET place_id = excluded.place_id, digest = excluded.digest, kind = excluded.kind,
         name_key = excluded.name_key, lon = excluded.lon, lat = excluded.lat, previous_ids = excluded.previous_ids`,
      [
        part.map((r) => r.key), part.map((r) => r.placeId), part.map((r) => r.digest), part.map((r) => r.kind), part.map((r) => r.nameKey),
        part.map((r) => r.lon), part.map((r) => r.lat), part.map((r) => r.previousIds.join(',')),
      ],
    );
  }
}

/** Every place and everything counted from them, inside the caller's transaction: an import replacing the demo seed. */
export async function clearPlaces(db: pg.ClientBase): Promise<void> {
  await db.query('DELETE FROM place_sources');
  await db.query('DELETE FROM cell_counts');
  await db.query('DELETE FROM location_counts');
  await db.query('DELETE FROM location_pairs');
  // previous_ids and place_regions go with their places (ON DELETE CASCADE).
  await db.query('DELETE FROM places');
  await db.query("DELETE FROM places_meta WHERE key IN ('generated_on', 'seed')");
}
