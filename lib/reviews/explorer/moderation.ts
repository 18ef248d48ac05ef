import { logger } from '@/lib/core/logger';
import { HttpError } from '@/lib/http/http-error';
import { profilePath } from '../api-review';
import { dismiss, hide, type ModerationNotice, type ModerationSubject, photosOf, restore, reviewsOf } from '../moderation';
import { moderationInput } from '../review-input';
import type { PhotoReport, PlacePhoto, Review, ReviewReport, ReviewStore } from '../store/types';
import { invalidBody } from '../write-review';
import { hiddenStates } from './photos';

/** Whether the author of a moderated review or photo was told: null when nothing was to tell (a dismissal). */
export type AuthorTold = 'mailed' | 'no_account' | 'mail_failed' | null;

/** What the moderation page's handlers work with: `tell` mails the author (and throws when the mail fails). */
export interface ModerationDeps {
  store: ReviewStore;
  now: () => Date;
  tell: (subject: { authorId: string; authorHandle: string; placeId: number }, notice: ModerationNotice) => Promise<'mailed' | 'no_account'>;
  /** The place's name for the page; null when the place is gone. */
  placeName?: (placeId: number) => Promise<string | null>;
}

/** What moderators read of a review or a photo: where, whose, hidden or not, its open reports (who reported stays out). */
interface ModeratedItem {
  id: string;
  placeId: number;
  /** Null when the place is gone from the dataset (or its name was not asked). */
  placeName: string | null;
  author: { handle: string; profile: string };
  hidden: { reason: string; at: string } | null;
  reports: { reason: string; note: string | null; createdAt: string }[];
  createdAt: string;
}

export interface ModeratedReview extends ModeratedItem {
  rating: number;
  text: string;
  visitedOn: string;
}

export interface ModeratedPhoto extends ModeratedItem {
  /** The photo's small size, served to moderators even while hidden. */
  image: string;
}

export interface ModerationQueue {
  reported: ModeratedReview[];
  hidden: ModeratedReview[];
  reportedPhotos: ModeratedPhoto[];
  hiddenPhotos: ModeratedPhoto[];
}

/** Hidden reviews (and photos) the page lists for restoring, the most recently hidden first. */
export const HIDDEN_LISTED = 50;

export const moderatorImagePath = (photoId: string) => `/api/moderation/photos/${encodeURIComponent(photoId)}/image`;

type Reports = readonly (ReviewReport | PhotoReport)[];

function item(subject: Review | PlacePhoto, reports: Reports, placeName: string | null): ModeratedItem {
  return {
    id: subject.id,
    placeId: subject.placeId,
    placeName,
    author: { handle: subject.authorHandle, profile: profilePath(subject.authorHandle) },
    hidden: subject.hidden ? { reason: subject.hidden.reason, at: subject.hidden.at } : null,
    reports: reports.map((r) => ({ reason: r.reason, note: r.note, createdAt: r.createdAt })),
    createdAt: subject.createdAt,
  };
}

const moderatedReview = (review: Review, reports: Reports = [], placeName: string | null = null): ModeratedReview => ({
  ...item(review, reports, placeName),
  rating: review.rating,
  text: review.text,
  visitedOn: review.visitedOn,
});

const moderatedPhoto = (photo: PlacePhoto, reports: Reports = [], placeName: string | null = null): ModeratedPhoto => ({
  ...item(photo, reports, placeName),
  image: moderatorImagePath(photo.id),
});

/** The reported reviews and photos, the longest waiting first, and the latest hidden ones. */
export async function moderationQueue(deps: Pick<ModerationDeps, 'store' | 'placeName'>): Promise<ModerationQueue> {
  const { store } = deps;
  const [open, hidden, allOpenPhotos, hiddenPhotos] = await Promise.all([store.openReports(), store.hiddenReviews(HIDDEN_LISTED), store.openPhotoReports(), store.hiddenPhotos(HIDDEN_LISTED)]);
  // A photo of a hidden review is hidden with it: its reports wait until the review is shown again.
  const photoHidden = await hiddenStates(store, allOpenPhotos.map((o) => o.photo));
  const openPhotos = allOpenPhotos.filter((o) => !photoHidden.get(o.photo.id));
  const placeIds = [...open.map((o) => o.review), ...hidden, ...openPhotos.map((o) => o.photo), ...hiddenPhotos].map((s) => s.placeId);
  const names = new Map(await Promise.all([...new Set(placeIds)].map(async (id) => [id, (await deps.placeName?.(id)) ?? null] as const)));
  return {
    reported: open.map(({ review, reports }) => moderatedReview(review, reports, names.get(review.placeId))),
    hidden: hidden.map((r) => moderatedReview(r, [], names.get(r.placeId))),
    reportedPhotos: openPhotos.map(({ photo, reports }) => moderatedPhoto(photo, reports, names.get(photo.placeId))),
    hiddenPhotos: hiddenPhotos.map((p) => moderatedPhoto(p, [], names.get(p.placeId))),
  };
}

/** The author told, or why not: a mail that fails leaves the decision made and says so. */
async function told(deps: ModerationDeps, subject: Review | PlacePhoto, notice: ModerationNotice): Promise<AuthorTold> {
  try {
    return await deps.tell(subject, notice);
  } catch (err) {
    logger.warn('moderation: the mail to an author failed', { [notice.of]: subject.id, error: (err as Error).message });
    return 'mail_failed';
  }
}

/**
 * A moderator's decision, `{ action: 'hide', reason } | { action: 'restore' } | { action: 'dismiss' }`: each closes the
 * reports; hiding and restoring tell the author.
 */
async function decide<T extends Review | PlacePhoto, V>(
  deps: ModerationDeps,
  subject: ModerationSubject<T>,
  view: (subject: T, reports: Reports, placeName: string | null) => V,
  by: string,
  id: string,
  body: unknown,
): Promise<{ item: V; told: AuthorTold }> {
  const parsed = moderationInput.safeParse(body);
  if (!parsed.success) throw invalidBody(parsed.error.issues, 'action');
  const step = { by, now: deps.now().toISOString() };
  const input = parsed.data;
  let after: T | null;
  let wasHidden = false;
  if (input.action === 'hide') after = await hide(subject, id, input.reason, step);
  else {
    const before = await subject.get(id);
    wasHidden = Boolean(before?.hidden);
    if (input.action === 'dismiss' && before) await dismiss(subject, id, step);
    after = input.action === 'restore' ? await restore(subject, id, step) : before;
  }
  if (!after) throw new HttpError(404, 'not_found', `This ${subject.of} no longer exists: its author deleted it.`);
  const name = (await deps.placeName?.(after.placeId)) ?? null;
  let authorTold: AuthorTold = null;
  if (input.action === 'hide') authorTold = await told(deps, after, { of: subject.of, kind: 'hidden', reason: input.reason });
  if (input.action === 'restore' && wasHidden) authorTold = await told(deps, after, { of: subject.of, kind: 'restored' });
  return { item: view(after, [], name), told: authorTold };
}

export async function moderateReview(deps: ModerationDeps, by: string, reviewId: string, body: unknown): Promise<{ review: ModeratedReview; told: AuthorTold }> {
  const { item: review, told } = await decide(deps, reviewsOf(deps.store), moderatedReview, by, reviewId, body);
  return { review, told };
}

export async function moderatePhoto(deps: ModerationDeps, by: string, photoId: string, body: unknown): Promise<{ photo: ModeratedPhoto; told: AuthorTold }> {
  const current = await deps.store.getPhoto(photoId);
  if (current && !current.hidden && (await hiddenStates(deps.store, [current])).get(current.id)) {
    throw new HttpError(409, 'hidden_with_review', 'This photo is hidden with its review: restore the review to show it.');
  }
  const { item: photo, told } = await decide(deps, photosOf(deps.store), moderatedPhoto, by, photoId, body);
  return { photo, told };
}

/** A photo's small size for a moderator, hidden or not; null when it is gone. */
export async function moderatorImage(deps: Pick<ModerationDeps, 'store'>, photoId: string): Promise<Buffer | null> {
  return (await deps.store.photoImage(photoId, 'small'))?.data ?? null;
}
