import type pg from 'pg';
import type { PlaceColumns } from '../place-columns';
import { searchTextsOfBody } from '../place-columns';
import { SEED_META_KEYS } from '../seed-meta';
import type { Db } from '../sqlite/schema';
import { locationDeltasOf } from '../sqlite/location-counts';
import { applyLocationDeltas, bumpVersion, ensureChains, insertRows, pgRow } from './writer';

const CHUNK = 2000;
const COLUMNS = `id, cell, lon, lat, x, y, z, tags, chain, fidelity, rv, relevance, rating, rating_count, name_key, country, state,
  rv_makes, rv_types, rv_services, rv_flags, rv_amenities, status, closures, rv_json, body, detail`;

/**
 * Copies a SQLite place store into an empty PostgreSQL one inside the caller's transaction: every place with the
 * same columns (its words re-read from its body), previous ids, regions, chains with their codes, the count table
 * and the store's metadata. Nothing is recomputed that could differ, so both stores answer alike afterwards.
 */
export async function copySqliteToPostgres(
  sqlite: Db,
  db: pg.ClientBase,
  onProgress?: (copied: number, total: number) => void,
): Promise<{ copied: number; version: number }> {
  const { rows: existing } = await db.query<{ n: number }>('SELECT count(*) AS n FROM places');
  if (existing[0].n > 0) throw new Error(`the PostgreSQL place store already has ${existing[0].n} places: copy into an empty database`);
  const total = (sqlite.prepare('SELECT count(*) FROM places').pluck().get() as number) ?? 0;

  await ensureChains(db);
  const chains = sqlite.prepare('SELECT code, public_id, name FROM chains ORDER BY code').all() as { code: number; public_id: string; name: string }[];
  for (const c of chains) {
    const r = await db.query<{ public_id: string }>(
      'INSERT INTO chains (code, public_id, name) VALUES ($1, $2, $3) ON CONFLICT (code) DO UPDATE SET code = excluded.code RETURNING public_id',
      [c.code, c.public_id, c.name],
    );
    if (r.rows[0].public_id !== c.public_id) throw new Error(`chain code ${c.code} is ${r.rows[0].public_id} in PostgreSQL but ${c.public_id} in SQLite`);
  }

  let copied = 0;
  let batch: PlaceColumns[] = [];
  const flush = async () => {
    await insertRows(db, batch.map((c) => pgRow(c, searchTextsOfBody(c.body))));
    copied += batch.length;
    batch = [];
    onProgress?.(copied, total);
  };
  for (const row of sqlite.prepare(`SELECT ${COLUMNS} FROM places ORDER BY id`).iterate() as Iterable<PlaceColumns>) {
    batch.push(row);
    if (batch.length >= CHUNK) await flush();
  }
  await flush();

  for (const [table, columns] of [['previous_ids', 'previous_id, place_id'], ['place_regions', 'region_id, place_id']] as const) {
    const rows = sqlite.prepare(`SELECT ${columns} FROM ${table}`).raw(true).all() as [number, number][];
    for (let i = 0; i < rows.length; i += 10_000) {
      const part = rows.slice(i, i + 10_000);
      await db.query(`INSERT INTO ${table} (${columns}) SELECT * FROM unnest($1::bigint[], $2::bigint[])`, [part.map((r) => r[0]), part.map((r) => r[1])]);
    }
  }
  const counts = sqlite.prepare('SELECT key, cell, n FROM cell_counts').raw(true).all() as [number, number, number][];
  for (let i = 0; i < counts.length; i += 50_000) {
    const part = counts.slice(i, i + 50_000);
    await db.query('INSERT INTO cell_counts (key, cell, n) SELECT * FROM unnest($1::int[], $2::int[], $3::int[])', [
      part.map((r) => r[0]), part.map((r) => r[1]), part.map((r) => r[2]),
    ]);
  }
  await copyTravelerTallies(sqlite, db);
  // Computed from the copied places rather than read: a store opened read-only may predate the location counts.
  await applyLocationDeltas(db, locationDeltasOf(sqlite));
  const meta = sqlite.prepare(`SELECT key, value FROM meta WHERE key IN (${SEED_META_KEYS.map(() => '?').join(', ')})`).all(...SEED_META_KEYS) as { key: string; value: string }[];
  for (const m of meta) {
    await db.query('INSERT INTO places_meta (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = excluded.value', [m.key, m.value]);
  }
  // The rows were copied by id: rewritten in location order, the nearest-first indexes come out compact (0013).
  await db.query('CLUSTER places');
  return { copied, version: await bumpVersion(db) };
}

/**
 * The copied sort columns count the reviews of the SQLite side's tallies: they are copied with them, so the next
 * ranking pass here takes back those this database's reviews do not have.
 */
async function copyTravelerTallies(sqlite: Db, db: pg.ClientBase): Promise<void> {
  await db.query('DELETE FROM traveler_tallies');
  const present = sqlite.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'traveler_tallies'").get();
  if (!present) return;
  const rows = sqlite.prepare('SELECT place_id, count, rating_sum FROM traveler_tallies').raw(true).all() as [number, number, number][];
  await db.query('INSERT INTO traveler_tallies (place_id, count, rating_sum) SELECT * FROM unnest($1::bigint[], $2::int[], $3::int[])', [
    rows.map((r) => r[0]), rows.map((r) => r[1]), rows.map((r) => r[2]),
  ]);
}
