import type { ReviewTally } from '../../traveler-content';
import { rankingFigures } from '../../ranking';
import { rankedRecordOfStored, type TallyChange, tallyChanges, type WrittenPlaces } from '../traveler-tallies';
import type { Database as Db } from 'better-sqlite3';

export const TRAVELER_TALLIES_DDL = `
CREATE TABLE IF NOT EXISTS traveler_tallies (place_id INTEGER PRIMARY KEY, count INTEGER NOT NULL, rating_sum INTEGER NOT NULL);
`;

/** Places written per transaction: about 0.1 s at 1 ms a place (`npm run bench:ranking`), then other requests run. */
const PLACES_PER_TRANSACTION = 100;

/**
 * Counts the tallies that changed into the places' sort columns (the R*Tree of RV places carries them too); returns
 * the places changed. The places are written a hundred per transaction, yielding to other requests between, so the
 * catch-up after an import (every reviewed place) does not hold the server's one thread. Each write moves the
 * connection's change count, so the search's memory grids are rebuilt in the new order (MemoryIndex).
 */
export async function applyTravelerTallies(db: Db, tallies: ReadonlyMap<number, ReviewTally>): Promise<number> {
  const rows = db.prepare('SELECT place_id, count, rating_sum FROM traveler_tallies').all() as { place_id: number; count: number; rating_sum: number }[];
  const changes = tallyChanges(new Map(rows.map((r) => [r.place_id, { count: r.count, ratingSum: r.rating_sum }])), tallies);
  let changed = 0;
  for (let i = 0; i < changes.length; i += PLACES_PER_TRANSACTION) {
    if (i > 0) await new Promise((resolve) => setImmediate(resolve));
    changed += writeTallies(db, changes.slice(i, i + PLACES_PER_TRANSACTION));
  }
  return changed;
}

function writeTallies(db: Db, changes: readonly TallyChange[]): number {
  const read = db.prepare('SELECT body, detail, rv FROM places WHERE id = ?');
  const setPlace = db.prepare('UPDATE places SET relevance = ?, rating = ?, rating_count = ? WHERE id = ?');
  const setRv = db.prepare('UPDATE rv_rtree SET relevance = ?, rating = ?, rating_count = ? WHERE id = ?');
  const keep = db.prepare('INSERT OR REPLACE INTO traveler_tallies (place_id, count, rating_sum) VALUES (?, ?, ?)');
  const forget = db.prepare('DELETE FROM traveler_tallies WHERE place_id = ?');
  return db.transaction(() => {
    let changed = 0;
    for (const { placeId, tally } of changes) {
      if (tally) keep.run(placeId, tally.count, tally.ratingSum);
      else forget.run(placeId);
      const place = read.get(placeId) as { body: string; detail: string; rv: number } | undefined;
      if (!place) continue;
      const f = rankingFigures(rankedRecordOfStored(place.body, place.detail), tally);
      setPlace.run(f.relevance, f.rating, f.rating_count, placeId);
      if (place.rv) setRv.run(f.relevance, f.rating, f.rating_count, placeId);
      changed++;
    }
    return changed;
  })();
}

/** A write puts the dataset's figures in its places' sort columns: what was counted in them is forgotten, to be counted again. */
export function forgetTravelerTallies(db: Db, written: WrittenPlaces): void {
  if (written.ids === null) {
    db.exec('DELETE FROM traveler_tallies');
    return;
  }
  const forget = db.prepare('DELETE FROM traveler_tallies WHERE place_id = ?');
  for (const id of written.ids) forget.run(id);
}
