import type pg from 'pg';
import type { ReviewTally } from '../../traveler-content';
import { rankingFigures } from '../../ranking';
import { rankedRecordOfStored, tallyChanges, type WrittenPlaces } from '../traveler-tallies';
import { bumpVersion } from './writer';

/**
 * Counts the tallies that changed into the places' sort columns, in the caller's transaction, one instance at a time;
 * returns the places changed and, when some did, the data version it moved to (every instance reloads its columns).
 */
export async function applyTravelerTallies(db: pg.ClientBase, tallies: ReadonlyMap<number, ReviewTally>): Promise<{ changed: number; version: number | null }> {
  await db.query("SELECT pg_advisory_xact_lock(hashtext('places.traveler-tallies'))");
  const { rows } = await db.query<{ place_id: string; count: number; rating_sum: number }>('SELECT place_id, count, rating_sum FROM traveler_tallies');
  const applied = new Map(rows.map((r) => [Number(r.place_id), { count: r.count, ratingSum: r.rating_sum }]));
  const changes = tallyChanges(applied, tallies);
  if (!changes.length) return { changed: 0, version: null };
  const ids = changes.map((c) => c.placeId);
  const kept = changes.filter((c) => c.tally);
  await db.query('DELETE FROM traveler_tallies WHERE place_id = ANY($1::bigint[])', [ids]);
  await db.query('INSERT INTO traveler_tallies (place_id, count, rating_sum) SELECT * FROM unnest($1::bigint[], $2::int[], $3::int[])', [
    kept.map((c) => c.placeId),
    kept.map((c) => c.tally!.count),
    kept.map((c) => c.tally!.ratingSum),
  ]);
  const stored = await db.query<{ id: string; body: string; detail: string }>('SELECT id, body, detail FROM places WHERE id = ANY($1::bigint[])', [ids]);
  if (!stored.rows.length) return { changed: 0, version: null };
  const tallyOf = new Map(changes.map((c) => [c.placeId, c.tally]));
  const figures = stored.rows.map((r) => rankingFigures(rankedRecordOfStored(r.body, r.detail), tallyOf.get(Number(r.id))));
  await db.query(
    `UPDATE places p SET relevance = u.relevance, rating = u.rating, rating_count = u.rating_count
     FROM unnest($1::bigint[], $2::float8[], $3::float8[], $4::int[]) AS u(id, relevance, rating, rating_count) WHERE p.id = u.id`,
    [stored.rows.map((r) => r.id), figures.map((f) => f.relevance), figures.map((f) => f.rating), figures.map((f) => f.rating_count)],
  );
  return { changed: stored.rows.length, version: await bumpVersion(db) };
}

/** A write puts the dataset's figures in its places' sort columns: what was counted in them is forgotten, to be counted again. */
export async function forgetTravelerTallies(db: pg.ClientBase, written: WrittenPlaces): Promise<void> {
  if (written.ids === null) await db.query('DELETE FROM traveler_tallies');
  else if (written.ids.length) await db.query('DELETE FROM traveler_tallies WHERE place_id = ANY($1::bigint[])', [written.ids]);
}
