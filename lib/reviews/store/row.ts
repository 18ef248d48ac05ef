import type { Review, ReviewComment } from './types';

/** A review row as both engines read it: timestamps as ISO text, the RV details as JSON text. */
export interface ReviewRow {
  id: string;
  place_id: number | string;
  author_id: string;
  author_handle: string;
  rating: number;
  text: string;
  visited_on: string;
  rv: string | null;
  hidden_at: string | null;
  hidden_by: string | null;
  hidden_reason: string | null;
  version: number;
  created_at: string;
  updated_at: string;
}

export interface CommentRow {
  id: number | string;
  review_id: string;
  author_id: string;
  author_handle: string;
  as_organization: string | null;
  text: string;
  created_at: string;
}

export function reviewFromRow(row: ReviewRow): Review {
  return {
    id: row.id,
    placeId: Number(row.place_id),
    authorId: row.author_id,
    authorHandle: row.author_handle,
    rating: row.rating,
    text: row.text,
    visitedOn: row.visited_on,
    rv: row.rv ? JSON.parse(row.rv) : null,
    hidden: row.hidden_at ? { at: row.hidden_at, by: row.hidden_by ?? '', reason: row.hidden_reason ?? '' } : null,
    version: row.version,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export function commentFromRow(row: CommentRow): ReviewComment {
  return {
    id: Number(row.id),
    reviewId: row.review_id,
    authorId: row.author_id,
    authorHandle: row.author_handle,
    asOrganization: row.as_organization,
    text: row.text,
    createdAt: row.created_at,
  };
}
