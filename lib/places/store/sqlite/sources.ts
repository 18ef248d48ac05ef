import { SourceLedger } from '../source-ledger';
import { NO_PREVIOUS_IDS, type SourceRow } from '../types';
import type { Database as Db } from 'better-sqlite3';

/** The import ledger: which OpenStreetMap object each imported place came from, and what it looked like then. */
export const SOURCES_DDL = `
CREATE TABLE IF NOT EXISTS place_sources (
  key TEXT PRIMARY KEY, place_id INTEGER NOT NULL, digest TEXT NOT NULL, kind TEXT NOT NULL, name_key TEXT NOT NULL,
  lon REAL NOT NULL, lat REAL NOT NULL, previous_ids TEXT NOT NULL
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS place_sources_place ON place_sources (place_id);
`;

export function readSources(db: Db): SourceLedger {
  const rows = db.prepare('SELECT key, place_id, digest, kind, name_key, lon, lat, previous_ids FROM place_sources').raw(true).iterate() as IterableIterator<
    [string, number, string, string, string, number, number, string]
  >;
  const out = new SourceLedger();
  for (const [key, placeId, digest, kind, nameKey, lon, lat, previous] of rows) {
    out.add({ key, placeId, digest, kind, nameKey, lon, lat, previousIds: previous === '[]' ? NO_PREVIOUS_IDS : (JSON.parse(previous) as number[]) });
  }
  return out;
}

/** Inside the caller's transaction. */
export function writeSources(db: Db, upsert: Iterable<SourceRow>, forget: Iterable<string>): void {
  const remove = db.prepare('DELETE FROM place_sources WHERE key = ?');
  for (const key of forget) remove.run(key);
  const put = db.prepare(
    `INSERT INTO place_sources (key, place_id, digest, kind, name_key, lon, lat, previous_ids) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (key) DO UPDATE SET place_id = excluded.place_id, digest = excluded.digest, kind = excluded.kind,
       name_key = excluded.name_key, lon = excluded.lon, lat = excluded.lat, previous_ids = excluded.previous_ids`,
  );
  for (const r of upsert) put.run(r.key, r.placeId, r.digest, r.kind, r.nameKey, r.lon, r.lat, JSON.stringify(r.previousIds));
}

/** Every place and everything counted from them, inside the caller's transaction: an import replacing the demo seed. */
export function clearPlaces(db: Db): void {
  for (const table of ['places', 'places_rtree', 'rv_rtree', 'previous_ids', 'place_regions', 'cell_counts', 'location_counts', 'location_pairs', 'place_sources']) {
    db.prepare(`DELETE FROM ${table}`).run();
  }
  db.prepare("INSERT INTO places_fts (places_fts) VALUES ('delete-all')").run();
  db.prepare("DELETE FROM meta WHERE key IN ('generated_on', 'seed')").run();
}
