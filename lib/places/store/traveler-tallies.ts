import type { PlaceRecord } from '../place-schema';
import type { RankedRecord } from '../ranking';
import { rankedRecord } from './place-columns';
import type { ReviewTally } from '../traveler-content';

/** A place whose travelers' tally changed since it was last counted into its sort columns (none: no reviews now). */
export interface TallyChange {
  placeId: number;
  tally: ReviewTally | undefined;
}

/** The places whose tally differs between what was applied and what the reviews say now. */
export function tallyChanges(applied: ReadonlyMap<number, ReviewTally>, current: ReadonlyMap<number, ReviewTally>): TallyChange[] {
  const changes: TallyChange[] = [];
  for (const [placeId, tally] of current) {
    const before = applied.get(placeId);
    if (!tally.count) continue;
    if (!before || before.count !== tally.count || before.ratingSum !== tally.ratingSum) changes.push({ placeId, tally });
  }
  for (const placeId of applied.keys()) if (!current.get(placeId)?.count) changes.push({ placeId, tally: undefined });
  return changes;
}

/** The figures a stored place (its body without the closing brace, and its detail) is ranked by, as imported. */
export function rankedRecordOfStored(body: string, detail: string): RankedRecord {
  const place = JSON.parse(`${body}}`) as Pick<PlaceRecord, 'fidelity' | 'engagement' | 'images'>;
  return rankedRecord({ ...place, reviews: (JSON.parse(detail) as Pick<PlaceRecord, 'reviews'>).reviews });
}

/** Past this many places written, a write forgets every tally (one statement) rather than each of its places'. */
export const FORGET_BY_ID_MAX = 10_000;

/**
 * The places a write rewrote, whose sort columns now hold the dataset's figures: their tallies are forgotten so the
 * next ranking pass counts their reviews in again, and only theirs (an owner's edit of one place re-ranks one place,
 * not every reviewed one). `ids` null: too many to name, or the store was cleared; forget them all.
 */
export class WrittenPlaces {
  ids: number[] | null = [];

  /** Passes the writes through, noting each place's id. */
  *noting<T>(items: Iterable<T>, idOf: (item: T) => number): Generator<T> {
    for (const item of items) {
      this.add(idOf(item));
      yield item;
    }
  }

  add(id: number): void {
    if (this.ids && this.ids.push(id) > FORGET_BY_ID_MAX) this.ids = null;
  }

  everything(): void {
    this.ids = null;
  }
}
