import type { TravelerContent } from '@/lib/places/traveler-content';
import type { Image } from '@/lib/places/contract/schemas';
import { apiReview } from './api-review';
import { photoPath } from './photo-path';
import type { PlacePhoto, ReviewStore } from './store/types';

/** A traveler's photo as the spec's Image: the original and the five sizes, served under /photos. */
export function apiImage(photo: PlacePhoto, baseUrl: string): Image {
  const url = (size: Parameters<typeof photoPath>[1]) => `${baseUrl}${photoPath(photo.id, size)}`;
  return {
    image_url: url('original'),
    fingerprint: photo.fingerprint,
    enabled: true,
    sizes: {
      thumbnail: { width: 150, height: 150, url: url('thumbnail') },
      square: { width: 320, height: 320, url: url('square') },
      small: { width: 320, height: 240, url: url('small') },
      medium: { width: 800, height: 600, url: url('medium') },
      large: { width: 1024, height: 768, url: url('large') },
    },
  };
}

/** The Place API's view of the review store: tallies for searches, a place's reviews for its details. */
export function storeTravelerContent(store: ReviewStore, baseUrl: string): TravelerContent {
  return {
    tallies: (placeIds) => (placeIds.length ? store.tally(placeIds) : Promise.resolve(new Map())),
    allTallies: () => store.tallyAll(),
    async photos(placeIds) {
      const byPlace = new Map<number, Image[]>();
      for (const photo of await store.visiblePhotosOf(placeIds)) {
        const images = byPlace.get(photo.placeId) ?? [];
        if (!images.length) byPlace.set(photo.placeId, images);
        images.push(apiImage(photo, baseUrl));
      }
      return byPlace;
    },
    async placeContent(placeId) {
      const [reviews, photos] = await Promise.all([store.listForPlace(placeId), store.placePhotos(placeId)]);
      const comments = reviews.length ? await store.comments(reviews.map((r) => r.id)) : [];
      const ratingSum = reviews.reduce((sum, r) => sum + r.rating, 0);
      // A photo hidden on its own, or of a hidden review, is out.
      const visible = new Set(reviews.map((r) => r.id));
      return {
        reviews: reviews.map((r) => apiReview(r, comments, baseUrl)),
        tally: { count: reviews.length, ratingSum },
        images: photos.filter((p) => !p.hidden && (!p.reviewId || visible.has(p.reviewId))).map((p) => apiImage(p, baseUrl)),
      };
    },
  };
}
