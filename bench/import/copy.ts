import fs from 'node:fs';
import pg from 'pg';
import { withoutSecondaryIndexes } from '@/lib/places/store/sqlite/bulk-indexes';
import { openPlacesDb } from '@/lib/places/store/sqlite/schema';
import { searchTextsOfBody } from '@/lib/places/store/place-columns';

/** Tables a place write fills, copied as they are (the text index has no content to copy: it is written again). */
const TABLES = ['places', 'places_rtree', 'rv_rtree', 'previous_ids', 'place_regions', 'place_sources', 'cell_counts', 'location_counts', 'location_pairs'];

/**
 * The floor of a write into the SQLite store's schema: a store's rows copied into a new file table to table in SQL,
 * with the same bulk path as an import (indexes built after, one transaction, ANALYZE), and its text index written
 * from texts prepared before the clock starts. No reading, mapping or matching: what the tables, trees and indexes
 * cost alone. Returns the places copied and the seconds the copy took.
 */
export function copyStoreTables(source: string, target: string): { written: number; seconds: number } {
  for (const suffix of ['', '-wal', '-shm']) fs.rmSync(`${target}${suffix}`, { force: true });
  const db = openPlacesDb(target);
  db.pragma('journal_mode = DELETE');
  db.pragma('mmap_size = 0');
  db.exec(`ATTACH '${source.replaceAll("'", "''")}' AS source`);
  const texts = (db.prepare('SELECT id, body FROM source.places').raw(true).all() as [number, string][]).map(([id, body]) => {
    const t = searchTextsOfBody(body);
    return [id, t.names, t.culture] as const;
  });
  const insertText = db.prepare('INSERT INTO places_fts (rowid, names, culture) VALUES (?, ?, ?)');
  const started = process.hrtime.bigint();
  db.transaction(() =>
    withoutSecondaryIndexes(db, () => {
      db.exec('INSERT OR IGNORE INTO main.chains SELECT * FROM source.chains');
      for (const table of TABLES) db.exec(`INSERT INTO main.${table} SELECT * FROM source.${table}`);
      for (const [id, names, culture] of texts) insertText.run(id, names, culture);
    }),
  )();
  db.exec('ANALYZE');
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const written = db.prepare('SELECT count(*) FROM places').pluck().get() as number;
  db.close();
  return { written, seconds };
}

/**
 * The floor of a write into PostgreSQL's `places`: the rows of the store at `url` inserted in SQL into a copy of the
 * table with all its indexes (no text vectors to make, no name prefixes, nothing sent from the client). The copy is
 * dropped after.
 */
export async function copyPlacesTable(url: string): Promise<{ written: number; seconds: number }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('CREATE TABLE places_floor (LIKE places INCLUDING ALL)');
    const started = process.hrtime.bigint();
    const { rowCount } = await client.query('INSERT INTO places_floor SELECT * FROM places');
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    return { written: rowCount ?? 0, seconds };
  } finally {
    await client.query('DROP TABLE IF EXISTS places_floor').catch(() => undefined);
    await client.end();
  }
}
