import type { PhotoReport, PlacePhoto, Review, ReviewComment } from './types';

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

export interface PhotoRow {
  id: string;
  place_id: number | string;
  review_id: string | null;
  author_id: string;
  author_handle: string;
  fingerprint: string;
  created_at: string;
  hidden_at: string | null;
  hidden_by: string | null;
  hidden_reason: string | null;
}

export const photoFromRow = (row: PhotoRow): PlacePhoto => ({
  id: row.id,
  placeId: Number(row.place_id),
  reviewId: row.review_id,
  authorId: row.author_id,
  authorHandle: row.author_handle,
  fingerprint: row.fingerprint,
  createdAt: row.created_at,
  hidden: row.hidden_at ? { at: row.hidden_at, by: row.hidden_by ?? '', reason: row.hidden_reason ?? '' } : null,
});

export interface PhotoReportRow {
  photo_id: string;
  reporter_id: string;
  reason: string;
  note: string | null;
  created_at: string;
}

export const photoReportFromRow = (row: PhotoReportRow): PhotoReport => ({ photoId: row.photo_id, reporterId: row.reporter_id, reason: row.reason, note: row.note, createdAt: row.created_at });

export interface ReportRow {
  review_id: string;
  reporter_id: string;
  reason: string;
  note: string | null;
  created_at: string;
}

export const reportFromRow = (row: ReportRow) => ({ reviewId: row.review_id, reporterId: row.reporter_id, reason: row.reason, note: row.note, createdAt: row.created_at });

/** Groups reports by what they report in the order they come (the longest waiting first), each subject read once. */
function groupBySubject<S extends { id: string }, R>(subjects: S[], reports: R[], subjectOf: (report: R) => string) {
  const byId = new Map(subjects.map((s) => [s.id, s]));
  const groups = new Map<string, { subject: S; reports: R[] }>();
  for (const report of reports) {
    const subject = byId.get(subjectOf(report));
    if (!subject) continue;
    const group = groups.get(subject.id) ?? { subject, reports: [] };
    group.reports.push(report);
    groups.set(subject.id, group);
  }
  return [...groups.values()];
}

export const groupReports = <R extends { id: string }>(reviews: R[], reports: ReturnType<typeof reportFromRow>[]) =>
  groupBySubject(reviews, reports, (r) => r.reviewId).map(({ subject, reports }) => ({ review: subject, reports }));

export const groupPhotoReports = (photos: PlacePhoto[], reports: PhotoReport[]) =>
  groupBySubject(photos, reports, (r) => r.photoId).map(({ subject, reports }) => ({ photo: subject, reports }));

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
