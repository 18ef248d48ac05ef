import { LocationDeltas, placeLocations } from '../count-keys';
import type { Database as Db } from 'better-sqlite3';

export const LOCATION_DDL = `
CREATE TABLE IF NOT EXISTS location_counts (loc TEXT NOT NULL, key INTEGER NOT NULL, n INTEGER NOT NULL, PRIMARY KEY (loc, key)) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS location_pairs (a TEXT NOT NULL, b TEXT NOT NULL, n INTEGER NOT NULL, PRIMARY KEY (a, b)) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS places_country_relevance ON places (country, relevance DESC, id, tags, chain);
CREATE INDEX IF NOT EXISTS places_country_rating ON places (country, rating DESC, rating_count DESC, id, tags, chain);
CREATE INDEX IF NOT EXISTS places_country_name ON places (country, name_key, id, tags, chain);
CREATE INDEX IF NOT EXISTS places_state_relevance ON places (state, relevance DESC, id, tags, chain);
CREATE INDEX IF NOT EXISTS places_state_rating ON places (state, rating DESC, rating_count DESC, id, tags, chain);
CREATE INDEX IF NOT EXISTS places_state_name ON places (state, name_key, id, tags, chain);
`;

/** Applies gathered location-count and location-pair changes (rows that reach zero are dropped). */
export function applyLocationDeltas(db: Db, deltas: LocationDeltas): void {
  const upsertCount = db.prepare('INSERT INTO location_counts (loc, key, n) VALUES (?, ?, ?) ON CONFLICT (loc, key) DO UPDATE SET n = n + excluded.n');
  const upsertPair = db.prepare('INSERT INTO location_pairs (a, b, n) VALUES (?, ?, ?) ON CONFLICT (a, b) DO UPDATE SET n = n + excluded.n');
  const { counts, pairs } = deltas.take();
  for (const [loc, key, n] of counts) upsertCount.run(loc, key, n);
  for (const [a, b, n] of pairs) upsertPair.run(a, b, n);
  if (counts.length) db.prepare('DELETE FROM location_counts WHERE n <= 0').run();
  if (pairs.length) db.prepare('DELETE FROM location_pairs WHERE n <= 0').run();
}

/** Stores made before the location counts get them from their places (once, at the first writable open). */
export function upgradeLocationCounts(db: Db): void {
  const hasPlaces = db.prepare('SELECT 1 FROM places LIMIT 1').get();
  const hasCounts = db.prepare('SELECT 1 FROM location_counts LIMIT 1').get();
  if (!hasPlaces || hasCounts) return;
  const deltas = locationDeltasOf(db);
  db.transaction(() => applyLocationDeltas(db, deltas))();
}

/** The location counts and pairs of every place of the store, as changes from nothing. */
export function locationDeltasOf(db: Db): LocationDeltas {
  const rows = db
    .prepare('SELECT country, state, tags, chain, rv, (SELECT group_concat(region_id) FROM place_regions WHERE place_id = p.id) FROM places p')
    .raw(true)
    .iterate() as Iterable<[string, string, number, number, number, string | null]>;
  const deltas = new LocationDeltas();
  for (const [country, state, tags, chain, rv, regions] of rows) {
    deltas.add(placeLocations(country, state, regions ? regions.split(',').map(Number) : []), tags, chain, rv, 1);
  }
  return deltas;
}
