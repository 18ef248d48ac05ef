import type { TravelerContent } from '@/lib/places/traveler-content';
import { apiReview } from './api-review';
import type { ReviewStore } from './store/types';

/** The Place API's view of the review store: tallies for searches, a place's reviews for its details. */
export function storeTravelerContent(store: ReviewStore, baseUrl: string): TravelerContent {
  return {
    tallies: (placeIds) => (placeIds.length ? store.tally(placeIds) : Promise.resolve(new Map())),
    async reviews(placeId) {
      const reviews = await store.listForPlace(placeId);
      const comments = reviews.length ? await store.comments(reviews.map((r) => r.id)) : [];
      const ratingSum = reviews.reduce((sum, r) => sum + r.rating, 0);
      return { reviews: reviews.map((r) => apiReview(r, comments, baseUrl)), tally: { count: reviews.length, ratingSum } };
    },
  };
}
