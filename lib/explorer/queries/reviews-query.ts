import { queryOptions } from '@tanstack/react-query';
import type { ReviewView } from '@/lib/reviews/explorer/review-view';
import type { OwnPhotoView } from '@/lib/reviews/explorer/photos';
import { fetchJson } from '../fetch-json';

export interface PlaceReviewsAnswer {
  data: ReviewView[];
  /** The signed-in reader's handle; null for a visitor. */
  viewer: { handle: string } | null;
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
