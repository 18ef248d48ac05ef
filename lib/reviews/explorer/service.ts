import { z } from 'zod';
import { HttpError } from '@/lib/http/http-error';
import type { LimitStore } from '@/lib/limits';
import { type PlaceOwner, type PlaceOwnerLookup, ownerTheyBelongTo } from '../place-owner';
import { commentInput, reportInput } from '../review-input';
import type { Review, ReviewStore } from '../store/types';
import { deleteReview, editReview, invalidInput, type Reviewer, type ReviewRefusal, writeReview } from '../write-review';
import { COMMENTS_PER_PERSON, NEW_REVIEWS_PER_PERSON, spendAddressWrite, spendPersonWrite } from './review-limits';
import { reviewView, type ReviewView } from './review-view';

/** What the Explorer's review handlers work with; `limits` absent in a test of the rules alone. */
export interface ReviewDeps {
  store: ReviewStore;
  now: () => Date;
  limits?: LimitStore;
  /** The organization that owns the place (issue 53): its listing keepers answer as it. */
  ownerOf?: PlaceOwnerLookup;
  /** Whether the caller's Place API account sees the place: reviews of others are out of reach with it. */
  placeVisible?: (placeId: number) => Promise<boolean>;
}

const GONE = 'This review no longer exists.';

/** A review the writer may comment on or report: there, visible to them, of a place their account sees. */
async function reachableReview(deps: ReviewDeps, writer: Writer, reviewId: string) {
  const review = await deps.store.get(reviewId);
  if (!review || (review.hidden && review.authorId !== writer.id)) throw new HttpError(404, 'not_found', GONE);
  if (deps.placeVisible && !(await deps.placeVisible(review.placeId))) throw new HttpError(404, 'not_found', GONE);
  return review;
}

/** A write that refers to a review deleted meanwhile (its foreign key refused) is a 404, not the server's fault. */
export async function whileTheReviewExists<T>(store: ReviewStore, reviewId: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (!(await store.get(reviewId))) throw new HttpError(404, 'not_found', GONE);
    throw err;
  }
}

/** A signed-in traveler writing, with the address the per-network limit counts. */
export interface Writer extends Reviewer {
  address: string;
  /** The organizations whose listings they keep (administrators and listing roles): they answer for those. */
  keepsListingsOf?: readonly string[];
}

const STATUS: Record<ReviewRefusal['code'], number> = {
  invalid: 400,
  owner_cannot_review: 403,
  already_reviewed: 409,
  daily_limit: 429,
  not_found: 404,
  not_yours: 403,
  version_conflict: 409,
};

function refusalError(refusal: ReviewRefusal, viewerId: string): HttpError {
  if (refusal.code === 'invalid') {
    const parameter = Object.keys(refusal.fields)[0];
    return new HttpError(400, 'invalid_parameter', refusal.message, { parameter, body: { fields: refusal.fields } });
  }
  const body = refusal.code === 'version_conflict' ? { review: reviewView(refusal.current, [], viewerId) } : {};
  return new HttpError(STATUS[refusal.code], refusal.code, refusal.message, { body });
}

async function withComments(store: ReviewStore, reviews: Review[], viewerId: string | null): Promise<ReviewView[]> {
  const comments = reviews.length ? await store.comments(reviews.map((r) => r.id)) : [];
  return reviews.map((r) => reviewView(r, comments, viewerId));
}

/** A place's reviews for the drawer: the visible ones, and the reader's own even when hidden (with the reason). */
export async function placeReviews(deps: ReviewDeps, placeId: number, viewerId: string | null): Promise<ReviewView[]> {
  const reviews = await deps.store.listForPlace(placeId, { includeHidden: viewerId !== null });
  return withComments(deps.store, reviews.filter((r) => !r.hidden || r.authorId === viewerId), viewerId);
}

/** An author's reviews for their public page: the visible ones, and all of their own for the author. */
export async function authorReviews(deps: ReviewDeps, authorId: string, viewerId: string | null): Promise<ReviewView[]> {
  const reviews = (await deps.store.listByAuthor(authorId)).filter((r) => !r.hidden || r.authorId === viewerId);
  return withComments(deps.store, reviews, viewerId);
}

export async function createReview(deps: ReviewDeps, writer: Writer, placeId: number, input: unknown): Promise<ReviewView> {
  await spendAddressWrite(deps.limits, writer.address);
  const spent = await spendPersonWrite(deps.limits, NEW_REVIEWS_PER_PERSON, writer.id, 'reviews');
  const result = await writeReview(deps, writer, placeId, input);
  if (!result.ok) {
    await spent.giveBack();
    throw refusalError(result.refusal, writer.id);
  }
  return reviewView(result.review, [], writer.id);
}

const versionOf = z.object({ version: z.number().int().min(1) }).passthrough();

/** `{ version, ...review }`: the edit applies at the version the author read. */
export async function updateReview(deps: ReviewDeps, writer: Writer, id: string, body: unknown): Promise<ReviewView> {
  await spendAddressWrite(deps.limits, writer.address);
  const parsed = versionOf.safeParse(body);
  if (!parsed.success) throw new HttpError(400, 'invalid_parameter', 'version: give the version of the review you edited (a whole number)', { parameter: 'version' });
  const { version, ...input } = parsed.data;
  const result = await editReview(deps, writer, id, version, input);
  if (!result.ok) throw refusalError(result.refusal, writer.id);
  const comments = await deps.store.comments([id]);
  return reviewView(result.review, comments, writer.id);
}

export async function removeReview(deps: ReviewDeps, writer: Writer, id: string): Promise<void> {
  await spendAddressWrite(deps.limits, writer.address);
  const result = await deleteReview(deps, writer, id);
  if (!result.ok) throw refusalError(result.refusal, writer.id);
}

/** A reader reports a visible review of someone else's to the moderators: `{ reason, note? }`, once a person a review. */
export async function reportReview(deps: ReviewDeps, writer: Writer, reviewId: string, body: unknown): Promise<void> {
  const review = await reachableReview(deps, writer, reviewId);
  if (review.hidden) throw new HttpError(404, 'not_found', GONE);
  if (review.authorId === writer.id) throw new HttpError(403, 'own_review', 'This is your review: edit or delete it instead of reporting it.');
  const parsed = reportInput.safeParse(body);
  if (!parsed.success) throw refusalError(invalidInput(parsed.error.issues, 'reason'), writer.id);
  await spendAddressWrite(deps.limits, writer.address);
  const report = { reviewId, reporterId: writer.id, reason: parsed.data.reason, note: parsed.data.note ?? null, now: deps.now().toISOString() };
  const reported = await whileTheReviewExists(deps.store, reviewId, () => deps.store.report(report));
  if (!reported) throw new HttpError(409, 'already_reported', 'You have reported this review already: the moderators will look at it.');
}

/**
 * Who a comment is written as: null for the traveler themselves; the owning organization's name when the writer is
 * one of its listing keepers. Its other members do not comment on its place's reviews (nor review it).
 */
async function commentingAs(deps: ReviewDeps, writer: Writer, placeId: number): Promise<string | null> {
  const owner = await ownerTheyBelongTo(deps.ownerOf, placeId, writer.organizationIds);
  if (!owner) return null;
  if (keepsListingsOf(writer, owner)) return owner.organizationName;
  throw new HttpError(403, 'owner_role_required', `${owner.organizationName} owns this place: its administrators and the members who keep its listings answer its reviews.`);
}

const keepsListingsOf = (writer: Writer, owner: PlaceOwner) => writer.keepsListingsOf?.includes(owner.organizationId) === true;

/**
 * The reader's part in a place's owning organization: `ownerMember` when they belong to it (they neither review the
 * place nor comment as themselves), `answersAs` its name when they keep its listings and so answer as it.
 */
export async function ownerStatus(deps: ReviewDeps, writer: Writer, placeId: number): Promise<{ ownerMember: boolean; answersAs: string | null }> {
  const owner = await ownerTheyBelongTo(deps.ownerOf, placeId, writer.organizationIds);
  return { ownerMember: owner !== null, answersAs: owner && keepsListingsOf(writer, owner) ? owner.organizationName : null };
}

/** A comment on a visible review (or on one's own hidden one); the owner's listing keepers answer as the organization. */
export async function commentOnReview(deps: ReviewDeps, writer: Writer, reviewId: string, body: unknown): Promise<ReviewView> {
  const review = await reachableReview(deps, writer, reviewId);
  const parsed = commentInput.safeParse(body);
  if (!parsed.success) throw refusalError(invalidInput(parsed.error.issues, 'text'), writer.id);
  const asOrganization = await commentingAs(deps, writer, review.placeId);
  await spendAddressWrite(deps.limits, writer.address);
  const spent = await spendPersonWrite(deps.limits, COMMENTS_PER_PERSON, writer.id, 'comments');
  const comment = { reviewId, authorId: writer.id, authorHandle: writer.handle, asOrganization, text: parsed.data.text, now: deps.now().toISOString() };
  try {
    await whileTheReviewExists(deps.store, reviewId, () => deps.store.addComment(comment));
  } catch (err) {
    await spent.giveBack();
    throw err;
  }
  return reviewView(review, await deps.store.comments([reviewId]), writer.id);
}
