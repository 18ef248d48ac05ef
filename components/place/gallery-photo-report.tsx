'use client';

import { useQuery } from '@tanstack/react-query';
import { placeReviewsQuery } from '@/lib/explorer/queries/reviews-query';
import { ReportPhoto } from './report-review';

const TRAVELER_PHOTO = /\/photos\/([0-9a-f-]{36})\//;

/** The id of a traveler's photo from its image's address; null for the dataset's own images. */
export const travelerPhotoId = (url: string) => TRAVELER_PHOTO.exec(url)?.[1] ?? null;

/** "Report" under a traveler's photo, for a signed-in reader who did not add it. */
export function GalleryPhotoReport({ placeId, photoId, what }: { placeId: number; photoId: string; what: string }) {
  const reviews = useQuery(placeReviewsQuery(placeId)).data;
  if (!reviews?.viewer || reviews.ownPhotos.some((p) => p.id === photoId)) return null;
  return (
    <div className="mt-1">
      <ReportPhoto photoId={photoId} what={what} />
    </div>
  );
}
