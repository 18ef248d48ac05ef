import { queryOptions } from '@tanstack/react-query';
import type { ReviewView } from '@/lib/reviews/explorer/review-view';
import { fetchJson } from '../fetch-json';

export interface PlaceReviewsAnswer {
  data: ReviewView[];
  /** The signed-in reader's handle; null for a visitor. */
  viewer: { handle: string } | null;
}

export const reviewsKey = (placeId: number) => ['place-reviews', placeId] as const;

/** Travelers' reviews of a place as the Explorer's own handler reads them: which are mine, and who reads. */
export function placeReviewsQuery(placeId: number) {
  return queryOptions({
    queryKey: reviewsKey(placeId),
    queryFn: ({ signal }) => fetchJson<PlaceReviewsAnswer>(`/api/places/${placeId}/reviews`, signal),
    staleTime: 60_000,
  });
}
