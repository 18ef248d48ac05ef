import { openSqliteFile, type SqliteSchema } from '@/lib/db/sqlite/database';
import Database from 'better-sqlite3';
import { CHAINS } from '../../catalog';
import { FINE_CELL_SQL } from '../grid';
import { logger } from '@/lib/core/logger';
import { type PlaceColumns, searchTextsOfBody } from '../place-columns';
import { LOCATION_DDL, upgradeLocationCounts } from './location-counts';
import { SOURCES_DDL } from './sources';
import { TRAVELER_TALLIES_DDL } from './traveler-tallies';

export type Db = Database.Database;

export { COUNT_ALL, COUNT_RV, countKeyForChain, countKeyForTag, FINE_KEY } from '../count-keys';
import { FINE_KEY } from '../count-keys';
import { rebuildCellCounts } from './count-rebuild';

/** The RV tree carries every column an RV search filters and sorts on, so it never reads the place rows. */
export const RV_TREE_AUX = [
  'lon', 'lat', 'x', 'y', 'z', 'tags', 'chain', 'fidelity', 'rv', 'relevance', 'rating', 'rating_count', 'name_key',
  'rv_makes', 'rv_types', 'rv_services', 'rv_flags', 'rv_amenities',
] as const satisfies readonly (keyof PlaceColumns)[];

/** Prefix indexes of the text index: one, two and three letters. */
const FTS_PREFIXES = "prefix='1 2 3'";

const DDL = `
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS places (
  id INTEGER PRIMARY KEY,
  cell INTEGER NOT NULL, lon REAL NOT NULL, lat REAL NOT NULL, x REAL NOT NULL, y REAL NOT NULL, z REAL NOT NULL,
  tags INTEGER NOT NULL, chain INTEGER NOT NULL, fidelity INTEGER NOT NULL, rv INTEGER NOT NULL,
  relevance REAL NOT NULL, rating REAL NOT NULL, rating_count INTEGER NOT NULL, name_key TEXT NOT NULL,
  country TEXT NOT NULL, state TEXT NOT NULL,
  rv_makes INTEGER NOT NULL, rv_types INTEGER NOT NULL, rv_services INTEGER NOT NULL, rv_flags INTEGER NOT NULL,
  rv_amenities TEXT NOT NULL,
  status TEXT NOT NULL, closures TEXT, rv_json TEXT, body TEXT NOT NULL, detail TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS places_fine ON places (${FINE_CELL_SQL}, lon, lat, x, y, z, tags, chain, fidelity, rv, relevance, rating, rating_count);
DROP INDEX IF EXISTS places_cell;
CREATE INDEX IF NOT EXISTS places_country ON places (country);
CREATE INDEX IF NOT EXISTS places_state ON places (state);
CREATE INDEX IF NOT EXISTS places_name ON places (name_key);
CREATE VIRTUAL TABLE IF NOT EXISTS places_rtree USING rtree (
  id, min_lon, max_lon, min_lat, max_lat, +lon, +lat, +x, +y, +z, +tags, +chain, +fidelity
);
CREATE VIRTUAL TABLE IF NOT EXISTS rv_rtree USING rtree (
  id, min_lon, max_lon, min_lat, max_lat, ${RV_TREE_AUX.map((c) => `+${c}`).join(', ')}
);
CREATE VIRTUAL TABLE IF NOT EXISTS places_fts USING fts5 (
  names, culture, content='', contentless_delete=1, tokenize='unicode61 remove_diacritics 2', ${FTS_PREFIXES}
);
CREATE TABLE IF NOT EXISTS previous_ids (previous_id INTEGER PRIMARY KEY, place_id INTEGER NOT NULL);
CREATE INDEX IF NOT EXISTS previous_by_place ON previous_ids (place_id);
CREATE TABLE IF NOT EXISTS place_regions (region_id INTEGER NOT NULL, place_id INTEGER NOT NULL, PRIMARY KEY (region_id, place_id)) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS regions_by_place ON place_regions (place_id);
CREATE TABLE IF NOT EXISTS chains (code INTEGER PRIMARY KEY, public_id TEXT NOT NULL UNIQUE, name TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS cell_counts (key INTEGER NOT NULL, cell INTEGER NOT NULL, n INTEGER NOT NULL, PRIMARY KEY (key, cell)) WITHOUT ROWID;
`;

/**
 * Stores made before the R*Tree carried its auxiliary columns get them rebuilt from `places`: a nearest-first search
 * then reads small R*Tree rows instead of looking up the large place rows.
 */
function upgradeRtree(db: Db): void {
  const columns = (table: string) => db.prepare(`SELECT name FROM pragma_table_info('${table}')`).pluck().all() as string[];
  const places = columns('places_rtree');
  const rv = columns('rv_rtree');
  const stalePlaces = places.length > 0 && !places.includes('fidelity');
  const staleRv = rv.length > 0 && !rv.includes('rv_amenities');
  if (!stalePlaces && !staleRv) return;
  db.transaction(() => {
    if (stalePlaces) db.exec('DROP TABLE places_rtree');
    if (staleRv) db.exec('DROP TABLE rv_rtree');
    db.exec(DDL);
    if (stalePlaces) db.exec(`INSERT INTO places_rtree SELECT id, lon, lon, lat, lat, lon, lat, x, y, z, tags, chain, fidelity FROM places`);
    if (staleRv) db.exec(`INSERT INTO rv_rtree SELECT id, lon, lon, lat, lat, ${RV_TREE_AUX.join(', ')} FROM places WHERE rv = 1`);
  })();
}

/**
 * Stores made before the one-letter prefix index get their text index rebuilt from the place bodies (about 45 s at a
 * million places, once). With it, a one-letter name prefix reads one list instead of merging every word that starts
 * with the letter. At a million places, "s" takes 50 ms instead of 70 and "a" 33 ms instead of 120. A name of 12
 * one-letter words takes 0.13 s instead of 0.49 s: one FTS5 statement, which no deadline can stop.
 */
function upgradeFtsPrefixes(db: Db): void {
  const sql = db.prepare("SELECT sql FROM sqlite_master WHERE name = 'places_fts'").pluck().get() as string | undefined;
  if (!sql || sql.includes(FTS_PREFIXES)) return;
  const started = Date.now();
  logger.info('rebuilding the text index with one-letter prefixes (once)');
  db.transaction(() => {
    db.exec('DROP TABLE places_fts');
    db.exec(DDL);
    const insert = db.prepare('INSERT INTO places_fts (rowid, names, culture) VALUES (?, ?, ?)');
    // In pages: better-sqlite3 cannot write while a read is open on the connection.
    const pageSize = 10_000;
    const page = db.prepare('SELECT id, body FROM places WHERE id > ? ORDER BY id LIMIT ?').raw(true);
    for (let after = Number.MIN_SAFE_INTEGER; ; ) {
      const rows = page.all(after, pageSize) as [number, string][];
      for (const [id, body] of rows) {
        const texts = searchTextsOfBody(body);
        insert.run(id, texts.names, texts.culture);
      }
      if (rows.length < pageSize) break;
      after = rows[rows.length - 1][0];
    }
  })();
  logger.info('text index rebuilt', { ms: Date.now() - started });
}

/** Stores made before the fine grid get their counts, on both grids, from their places. */
function upgradeFineCounts(db: Db): void {
  const hasPlaces = db.prepare('SELECT 1 FROM places LIMIT 1').get();
  const hasFine = db.prepare('SELECT 1 FROM cell_counts WHERE key >= ? LIMIT 1').get(FINE_KEY);
  if (!hasPlaces || hasFine) return;
  db.transaction(() => rebuildCellCounts(db))();
}

/**
 * The place file's numbered migrations. Files made before the numbering are at version 0: the first migration finds
 * their tables, and the next ones, written before as checks at every start, add what such a file may lack.
 */
export const PLACES_SCHEMA: SqliteSchema = {
  name: 'places',
  ownerOnly: true,
  migrations: [
    { name: 'places', up: (db) => db.exec(DDL) },
    { name: 'rtree_auxiliary_columns', up: upgradeRtree },
    { name: 'fts_one_letter_prefixes', up: upgradeFtsPrefixes },
    { name: 'fine_cell_counts', up: upgradeFineCounts },
    {
      name: 'location_counts',
      up: (db) => {
        db.exec(LOCATION_DDL);
        upgradeLocationCounts(db);
      },
    },
    { name: 'place_sources', up: (db) => db.exec(SOURCES_DDL) },
    { name: 'traveler_tallies', up: (db) => db.exec(TRAVELER_TALLIES_DDL) },
  ],
};

/** Opens (creating when missing) the place store: WAL, owner-only file mode, migrations and the chain list. */
export function openPlacesDb(file: string, options: { readonly?: boolean } = {}): Db {
  const db = options.readonly ? new Database(file, { readonly: true, fileMustExist: true }) : openSqliteFile(file, PLACES_SCHEMA);
  if (!options.readonly) {
    const insert = db.prepare('INSERT OR IGNORE INTO chains (code, public_id, name) VALUES (?, ?, ?)');
    CHAINS.forEach((c, i) => insert.run(i + 1, c.public_id, c.name));
  }
  db.pragma('cache_size = -262144');
  db.pragma('mmap_size = 4294967296');
  return db;
}

export function getMeta(db: Db, key: string): string | undefined {
  return (db.prepare('SELECT value FROM meta WHERE key = ?').get(key) as { value: string } | undefined)?.value;
}

export function setMeta(db: Db, key: string, value: string): void {
  db.prepare('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value').run(key, value);
}
