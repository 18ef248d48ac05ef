import type { ReviewTally } from '@/lib/places/traveler-content';
import type { RvDetails } from '../review-input';

/** A traveler's review of a place, as stored. */
export interface Review {
  id: string;
  placeId: number;
  /** The identity server's subject of the author: who may edit and delete it. */
  authorId: string;
  /** The author's public handle (the spec's `source_user`), as it was when they wrote or last edited it. */
  authorHandle: string;
  rating: number;
  text: string;
  visitedOn: string;
  rv: RvDetails | null;
  /** Hidden by a platform administrator: out of the place, the API and the counts; its author still sees it. */
  hidden: { at: string; by: string; reason: string } | null;
  version: number;
  createdAt: string;
  updatedAt: string;
}

export interface ReviewComment {
  id: number;
  reviewId: string;
  authorId: string;
  authorHandle: string;
  /** Written as the organization that owns the place, when it answers as the owner. */
  asOrganization: string | null;
  text: string;
  createdAt: string;
}

/** A traveler's photo of a place (of their review's visit, or of the place alone), its images kept beside it. */
export interface PlacePhoto {
  id: string;
  placeId: number;
  reviewId: string | null;
  authorId: string;
  authorHandle: string;
  /** SHA-1 of the file as it was sent, in hex (the spec's `fingerprint`). */
  fingerprint: string;
  createdAt: string;
  /** Hidden by a moderator on its own (a photo of a hidden review is hidden with it, whatever this says). */
  hidden: { at: string; by: string; reason: string } | null;
}

/** One of a photo's images: the original (re-encoded, upright) or one of the spec's five sizes. */
export interface PhotoImage {
  size: 'original' | 'thumbnail' | 'square' | 'small' | 'medium' | 'large';
  width: number;
  height: number;
  data: Buffer;
}

export type NewPhoto = Omit<PlacePhoto, 'createdAt' | 'hidden'> & { images: PhotoImage[]; now: string };

/** A report of a review by a reader, waiting for a moderator until the review is hidden, restored or the reports dismissed. */
export interface ReviewReport {
  reviewId: string;
  reporterId: string;
  reason: string;
  note: string | null;
  createdAt: string;
}

export type NewReport = Omit<ReviewReport, 'createdAt'> & { now: string };

/** A report of a photo alone, kept as a review's is. */
export interface PhotoReport {
  photoId: string;
  reporterId: string;
  reason: string;
  note: string | null;
  createdAt: string;
}

export type NewPhotoReport = Omit<PhotoReport, 'createdAt'> & { now: string };

export type NewReview = Pick<Review, 'id' | 'placeId' | 'authorId' | 'authorHandle' | 'rating' | 'text' | 'visitedOn' | 'rv'> & { now: string };
export type ReviewChanges = Partial<Pick<Review, 'rating' | 'text' | 'visitedOn' | 'rv' | 'authorHandle'>>;
export type NewComment = Omit<ReviewComment, 'id' | 'createdAt'> & { now: string };

/** A versioned write: the saved review, or the current one when the version was stale (null: gone). */
export type ReviewUpdate = { ok: true; review: Review } | { ok: false; current: Review | null };

export type { ReviewTally } from '@/lib/places/traveler-content';

/** The author already reviewed this place for this visit date: one review per person, place and visit. */
export class DuplicateReview extends Error {
  override name = 'DuplicateReview';
}

/**
 * Where travelers' reviews and their comments live; one engine per backend (`sqlite/`, `postgres/`), chosen once at
 * start-up and held to one contract suite. Who may write what is decided by the callers, not the store.
 */
export interface ReviewStore {
  /** Throws DuplicateReview when the author has one of the place for the same visit date. */
  create(review: NewReview): Promise<Review>;
  get(id: string): Promise<Review | null>;
  /** Applies the changes only at `expectedVersion`; the version then grows by one. */
  update(id: string, expectedVersion: number, changes: ReviewChanges, now: string): Promise<ReviewUpdate>;
  /** Removes the review and its comments; false when it was gone. */
  delete(id: string): Promise<boolean>;
  /** A place's reviews, the latest visit first; hidden ones only when asked (moderation). */
  /** A deleted account's reviews (with the comments on them) and its comments on others' reviews, in one step. */
  deleteByAuthor(authorId: string): Promise<{ reviews: number; comments: number }>;
  listForPlace(placeId: number, options?: { includeHidden?: boolean }): Promise<Review[]>;
  listByAuthor(authorId: string): Promise<Review[]>;
  /** Visible reviews counted by place, for the places asked (absent: none). */
  tally(placeIds: readonly number[]): Promise<Map<number, ReviewTally>>;
  /** Visible reviews counted for every place that has some: what the search order counts in. */
  tallyAll(): Promise<Map<number, ReviewTally>>;
  /** Reviews the author wrote since then: the daily limit. */
  countByAuthorSince(authorId: string, since: string): Promise<number>;
  /** Hides (with who and why) or restores (null) a review; null when it is gone. */
  setHidden(id: string, hidden: Review['hidden']): Promise<Review | null>;
  addComment(comment: NewComment): Promise<ReviewComment>;
  /** Keeps a photo and its images in one step. */
  addPhoto(photo: NewPhoto): Promise<PlacePhoto>;
  /** A place's photos, the newest first. */
  placePhotos(placeId: number): Promise<PlacePhoto[]>;
  /** The photos of these places a reader sees (not hidden, nor of a hidden review), the newest first: a search page's. */
  visiblePhotosOf(placeIds: readonly number[]): Promise<PlacePhoto[]>;
  getPhoto(id: string): Promise<PlacePhoto | null>;
  /** One image of a photo, or null when either is gone. */
  photoImage(id: string, size: PhotoImage['size']): Promise<Omit<PhotoImage, 'size'> | null>;
  /** Removes a photo and its images; false when it was gone. */
  deletePhoto(id: string): Promise<boolean>;
  /**
   * Records a reader's report: false when their report of that review is still open (one open report a person a
   * review); a report closed by a moderator is opened again.
   */
  report(report: NewReport): Promise<boolean>;
  /** The reviews with reports no moderator has acted on, the longest waiting first, each with its reports. */
  openReports(): Promise<{ review: Review; reports: ReviewReport[] }[]>;
  /** As `report`, for a photo. */
  reportPhoto(report: NewPhotoReport): Promise<boolean>;
  /** The photos with open reports, the longest waiting first, each with its reports. */
  openPhotoReports(): Promise<{ photo: PlacePhoto; reports: PhotoReport[] }[]>;
  closePhotoReports(photoId: string, now: string): Promise<number>;
  /** Hides (with who and why) or restores (null) a photo; null when it is gone. */
  setPhotoHidden(id: string, hidden: PlacePhoto['hidden']): Promise<PlacePhoto | null>;
  /** Photos hidden on their own, the most recently hidden first, at most `limit`. */
  hiddenPhotos(limit: number): Promise<PlacePhoto[]>;
  /** Hidden reviews, the most recently hidden first, at most `limit`: what a moderator may restore. */
  hiddenReviews(limit: number): Promise<Review[]>;
  /** Marks a review's reports as acted on (hidden, restored or dismissed); the count marked. */
  closeReports(reviewId: string, now: string): Promise<number>;
  /** The comments of the reviews asked, oldest first. */
  comments(reviewIds: readonly string[]): Promise<ReviewComment[]>;
  describe(): string;
  close(): Promise<void>;
}
