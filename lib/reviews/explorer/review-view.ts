import { profilePath } from '../api-review';
import type { RvDetails } from '../review-input';
import type { Review, ReviewComment } from '../store/types';

/** A review as the Explorer's pages read it: the API's fields, and what only its author and the drawer need. */
export interface ReviewView {
  id: string;
  version: number;
  rating: number;
  text: string;
  visitedOn: string;
  rv: RvDetails | null;
  author: { handle: string; profile: string };
  comments: { id: number; text: string; author: string; asOrganization: string | null; createdAt: string }[];
  /** Written by the person reading: they may edit and delete it. */
  mine: boolean;
  /** Hidden by a platform administrator (shown to its author only), with the reason. */
  hidden: { reason: string } | null;
  placeId: number;
  createdAt: string;
  updatedAt: string;
}

export function reviewView(review: Review, comments: readonly ReviewComment[], viewerId: string | null): ReviewView {
  return {
    id: review.id,
    version: review.version,
    rating: review.rating,
    text: review.text,
    visitedOn: review.visitedOn,
    rv: review.rv,
    author: { handle: review.authorHandle, profile: profilePath(review.authorHandle) },
    comments: comments
      .filter((c) => c.reviewId === review.id)
      .map((c) => ({ id: c.id, text: c.text, author: c.authorHandle, asOrganization: c.asOrganization, createdAt: c.createdAt })),
    mine: viewerId !== null && review.authorId === viewerId,
    hidden: review.hidden ? { reason: review.hidden.reason } : null,
    placeId: review.placeId,
    createdAt: review.createdAt,
    updatedAt: review.updatedAt,
  };
}
