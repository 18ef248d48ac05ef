import { type QueryClient, queryOptions } from '@tanstack/react-query';
import type { ReviewView } from '@/lib/reviews/explorer/review-view';
import type { OwnPhotoView } from '@/lib/reviews/explorer/photos';
import { fetchJson } from '../fetch-json';
import { isPlaceDetailKey } from './place-query';

export interface PlaceReviewsAnswer {
  data: ReviewView[];
  /** The signed-in reader's handle; null for a visitor. */
  /** `ownerMember`: the reader belongs to the organization owning the place; `answersAs`: its name, when they answer for it. */
  viewer: { handle: string; ownerMember: boolean; answersAs: string | null } | null;
  /** The reader's own photos of the place, which they may remove (none for a visitor). */
  ownPhotos: OwnPhotoView[];
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

/** After a review or photo of the place changed: its reviews, and its details for every account (figures, gallery). */
export function refreshPlaceReviews(queryClient: QueryClient, placeId: number): void {
  void queryClient.invalidateQueries({ queryKey: reviewsKey(placeId) });
  void queryClient.invalidateQueries({ predicate: (q) => isPlaceDetailKey(q.queryKey, placeId) });
}
