import { logger } from '@/lib/core/logger';
import { HttpError } from '@/lib/http/http-error';
import { profilePath } from '../api-review';
import { dismissReports, hideReview, type ModerationNotice, restoreReview } from '../moderation';
import { moderationInput } from '../review-input';
import type { Review, ReviewReport, ReviewStore } from '../store/types';
import { invalidInput } from '../write-review';

/** Whether the author of a moderated review was told: null when nothing was to tell (a dismissal). */
export type AuthorTold = 'mailed' | 'no_account' | 'mail_failed' | null;

/** What the moderation page's handlers work with: `tell` mails the author (and throws when the mail fails). */
export interface ModerationDeps {
  store: ReviewStore;
  now: () => Date;
  tell: (review: Review, notice: ModerationNotice) => Promise<'mailed' | 'no_account'>;
  /** The place's name for the page; null when the place is gone. */
  placeName?: (placeId: number) => Promise<string | null>;
}

/** A review as moderators read it: whole, with its open reports (who reported stays out), hidden or not. */
export interface ModeratedReview {
  id: string;
  placeId: number;
  /** Null when the place is gone from the dataset (or its name was not asked). */
  placeName: string | null;
  rating: number;
  text: string;
  visitedOn: string;
  author: { handle: string; profile: string };
  hidden: { reason: string; at: string } | null;
  reports: { reason: string; note: string | null; createdAt: string }[];
  createdAt: string;
}

/** Hidden reviews the page lists for restoring, the most recently hidden first. */
export const HIDDEN_LISTED = 50;

function moderated(review: Review, reports: readonly ReviewReport[] = [], placeName: string | null = null): ModeratedReview {
  return {
    id: review.id,
    placeId: review.placeId,
    placeName,
    rating: review.rating,
    text: review.text,
    visitedOn: review.visitedOn,
    author: { handle: review.authorHandle, profile: profilePath(review.authorHandle) },
    hidden: review.hidden ? { reason: review.hidden.reason, at: review.hidden.at } : null,
    reports: reports.map((r) => ({ reason: r.reason, note: r.note, createdAt: r.createdAt })),
    createdAt: review.createdAt,
  };
}

/** The reported reviews, the longest waiting first, and the latest hidden ones. */
export async function moderationQueue(deps: Pick<ModerationDeps, 'store' | 'placeName'>): Promise<{ reported: ModeratedReview[]; hidden: ModeratedReview[] }> {
  const [open, hidden] = await Promise.all([deps.store.openReports(), deps.store.hiddenReviews(HIDDEN_LISTED)]);
  const ids = [...new Set([...open.map((o) => o.review.placeId), ...hidden.map((r) => r.placeId)])];
  const names = new Map(await Promise.all(ids.map(async (id) => [id, (await deps.placeName?.(id)) ?? null] as const)));
  return {
    reported: open.map(({ review, reports }) => moderated(review, reports, names.get(review.placeId))),
    hidden: hidden.map((r) => moderated(r, [], names.get(r.placeId))),
  };
}

const nameOf = async (deps: ModerationDeps, review: Review) => (await deps.placeName?.(review.placeId)) ?? null;

const GONE = 'This review no longer exists: its author deleted it.';

/** The author told, or why not: a mail that fails leaves the review as moderated and says so. */
async function told(deps: ModerationDeps, review: Review, notice: ModerationNotice): Promise<AuthorTold> {
  try {
    return await deps.tell(review, notice);
  } catch (err) {
    logger.warn('moderation: the mail to a review’s author failed', { review: review.id, error: (err as Error).message });
    return 'mail_failed';
  }
}

/**
 * A moderator's decision on a review, `{ action: 'hide', reason } | { action: 'restore' } | { action: 'dismiss' }`:
 * each closes the review's reports; hiding and restoring tell its author.
 */
export async function moderateReview(deps: ModerationDeps, by: string, reviewId: string, body: unknown): Promise<{ review: ModeratedReview; told: AuthorTold }> {
  const parsed = moderationInput.safeParse(body);
  if (!parsed.success) {
    const refusal = invalidInput(parsed.error.issues, 'action');
    throw new HttpError(400, 'invalid_parameter', refusal.message, { parameter: Object.keys(refusal.fields)[0], body: { fields: refusal.fields } });
  }
  const step = { by, now: deps.now().toISOString() };
  const input = parsed.data;
  if (input.action === 'hide') {
    const hidden = await hideReview(deps.store, reviewId, input.reason, step);
    if (!hidden) throw new HttpError(404, 'not_found', GONE);
    return { review: moderated(hidden, [], await nameOf(deps, hidden)), told: await told(deps, hidden, { kind: 'hidden', reason: input.reason }) };
  }
  if (input.action === 'restore') {
    const wasHidden = (await deps.store.get(reviewId))?.hidden;
    const restored = await restoreReview(deps.store, reviewId, step);
    if (!restored) throw new HttpError(404, 'not_found', GONE);
    return { review: moderated(restored, [], await nameOf(deps, restored)), told: wasHidden ? await told(deps, restored, { kind: 'restored' }) : null };
  }
  await dismissReports(deps.store, reviewId, step);
  const review = await deps.store.get(reviewId);
  if (!review) throw new HttpError(404, 'not_found', GONE);
  return { review: moderated(review, [], await nameOf(deps, review)), told: null };
}
