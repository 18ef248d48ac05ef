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
