import type { Review, ReviewComment } from './store/types';

/** A review as the Place API gives it: the spec's Review (text, url, source_user, comments) with this server's stars and visit date. */
export interface ApiReview {
  text: string;
  url: string;
  source_user: string;
  comments: { id: number; text: string; source_user: string; created_at: string; owner?: string }[];
  rating: number;
  visited_on: string;
}

/** The author's public page: every review they wrote that is not hidden. */
export const profilePath = (handle: string) => `/travelers/${encodeURIComponent(handle)}`;

export function apiReview(review: Review, comments: readonly ReviewComment[], baseUrl: string): ApiReview {
  return {
    text: review.text,
    url: `${baseUrl}${profilePath(review.authorHandle)}`,
    source_user: review.authorHandle,
    comments: comments
      .filter((c) => c.reviewId === review.id)
      .map((c) => ({
        id: c.id,
        text: c.text,
        source_user: c.authorHandle,
        created_at: c.createdAt.slice(0, 10),
        ...(c.asOrganization ? { owner: c.asOrganization } : {}),
      })),
    rating: review.rating,
    visited_on: review.visitedOn,
  };
}
