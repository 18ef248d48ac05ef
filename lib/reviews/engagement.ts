import type { ReviewTally } from './store/types';

export interface Engagement {
  rating_count: number;
  avg_rating: number;
}

/**
 * A place's figures with its travelers' visible reviews counted in: the ratings the dataset brought, weighted by their
 * count, and the reviews' stars. One decimal, as the dataset's; 0 when there is no rating at all.
 */
export function withReviews<E extends Engagement>(base: E, tally: ReviewTally | undefined): E {
  if (!tally?.count) return base;
  const count = base.rating_count + tally.count;
  const average = (base.avg_rating * base.rating_count + tally.ratingSum) / count;
  // The rest of the figures (a place's details carry `visits`) as they were.
  return { ...base, rating_count: count, avg_rating: Math.round(average * 10) / 10 };
}
