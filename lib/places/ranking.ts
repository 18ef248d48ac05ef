import { type ReviewTally, withReviews } from './traveler-content';

/**
 * The relevance ranking behind `sort=relevance`: a static score per place, best first. Data quality (fidelity)
 * weighs most, then a rating damped by how many people gave it, then how complete the record is.
 */
export function relevanceScore(p: { fidelity: number; avgRating: number; ratingCount: number; images: number; reviews: number }): number {
  const score =
    p.fidelity + 0.6 * p.avgRating * Math.log10(1 + p.ratingCount) / 3 + 0.2 * Math.min(p.images, 3) + 0.1 * Math.min(p.reviews, 3);
  return Math.round(score * 1000) / 1000;
}

/** What a place's order in a search is computed from: the record's figures, as imported. */
export interface RankedRecord {
  fidelity: number;
  engagement: { avg_rating: number; rating_count: number };
  images: number;
  reviews: number;
}

/** The columns `sort=relevance` and `sort=rating` read. */
export interface RankingFigures {
  relevance: number;
  rating: number;
  rating_count: number;
}

/** A place's sort columns, with its travelers' visible reviews counted in as the API's `engagement` counts them. */
export function rankingFigures(p: RankedRecord, tally?: ReviewTally): RankingFigures {
  const { avg_rating, rating_count } = withReviews(p.engagement, tally);
  const reviews = p.reviews + (tally?.count ?? 0);
  return {
    relevance: relevanceScore({ fidelity: p.fidelity, avgRating: avg_rating, ratingCount: rating_count, images: p.images, reviews }),
    rating: avg_rating,
    rating_count,
  };
}
