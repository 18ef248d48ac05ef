import crypto from 'node:crypto';
import { HttpError } from '@/lib/http/http-error';
import { type PlaceOwnerLookup, ownerTheyBelongTo } from './place-owner';
import { reviewInput } from './review-input';
import { DuplicateReview, type Review, type ReviewStore } from './store/types';

/** Reviews one person may write in a day: a traveler writes a few, a spammer many. */
export const REVIEWS_PER_DAY = 10;

export interface Reviewer {
  id: string;
  handle: string;
  /** The organizations they belong to (the identity server's `user` claim). */
  organizationIds: readonly string[];
}

export type ReviewRefusal =
  | { code: 'invalid'; message: string; fields: Record<string, string> }
  | { code: 'owner_cannot_review'; message: string }
  | { code: 'already_reviewed'; message: string }
  | { code: 'daily_limit'; message: string }
  | { code: 'not_found'; message: string }
  | { code: 'not_yours'; message: string }
  | { code: 'version_conflict'; message: string; current: Review };

export type ReviewResult = { ok: true; review: Review } | { ok: false; refusal: ReviewRefusal };

const refuse = (refusal: ReviewRefusal): ReviewResult => ({ ok: false, refusal });

/** Input refused by its schema: the first sentence about each field (`whole` names input that is not an object). */
export function invalidInput(issues: { path: PropertyKey[]; message: string }[], whole = 'review'): Extract<ReviewRefusal, { code: 'invalid' }> {
  const fields: Record<string, string> = {};
  // For "11/20/2026", how a date is written rather than that it is not one.
  for (const i of issues) fields[i.path.join('.') || whole] ??= i.message;
  return { code: 'invalid', message: Object.values(fields)[0], fields };
}

/** The refusal of a request's body as the Explorer's JSON error: 400 naming the first field, every field in `fields`. */
export function invalidBody(issues: { path: PropertyKey[]; message: string }[], whole: string): HttpError {
  const refusal = invalidInput(issues, whole);
  return new HttpError(400, 'invalid_parameter', refusal.message, { parameter: Object.keys(refusal.fields)[0], body: { fields: refusal.fields } });
}

const invalid = (issues: { path: PropertyKey[]; message: string }[]): ReviewResult => refuse(invalidInput(issues));

export interface ReviewContext {
  store: ReviewStore;
  now: () => Date;
  /** The organization that owns the place (issue 53): its members answer, they do not review. */
  ownerOf?: PlaceOwnerLookup;
}

/**
 * Writes a traveler's review of a place, by the rules: the input's (review-input.ts), one per person, place and visit,
 * REVIEWS_PER_DAY a person a day, and none by a member of the organization that owns the place.
 */
export async function writeReview(ctx: ReviewContext, reviewer: Reviewer, placeId: number, input: unknown): Promise<ReviewResult> {
  const now = ctx.now();
  const parsed = reviewInput(now.toISOString().slice(0, 10)).safeParse(input);
  if (!parsed.success) return invalid(parsed.error.issues);
  if (await ownerTheyBelongTo(ctx.ownerOf, placeId, reviewer.organizationIds)) {
    return refuse({ code: 'owner_cannot_review', message: 'Your organization owns this place: answer its reviews as the owner instead of reviewing it.' });
  }
  const dayAgo = new Date(now.getTime() - 86_400_000).toISOString();
  if ((await ctx.store.countByAuthorSince(reviewer.id, dayAgo)) >= REVIEWS_PER_DAY) {
    return refuse({ code: 'daily_limit', message: `You have written ${REVIEWS_PER_DAY} reviews in the last 24 hours, the most a day: try again tomorrow.` });
  }
  try {
    const { rv, ...review } = parsed.data;
    const saved = await ctx.store.create({ id: crypto.randomUUID(), placeId, authorId: reviewer.id, authorHandle: reviewer.handle, ...review, rv: rv ?? null, now: now.toISOString() });
    return { ok: true, review: saved };
  } catch (err) {
    if (err instanceof DuplicateReview) return refuse({ code: 'already_reviewed', message: 'You have reviewed this place for that visit already: edit that review instead.' });
    throw err;
  }
}

/** Edits the author's own review at the version they read; another editor's newer version is handed back. */
export async function editReview(ctx: ReviewContext, reviewer: Reviewer, id: string, expectedVersion: number, input: unknown): Promise<ReviewResult> {
  const current = await ctx.store.get(id);
  if (!current) return refuse({ code: 'not_found', message: 'This review no longer exists.' });
  if (current.authorId !== reviewer.id) return refuse({ code: 'not_yours', message: 'Only its author edits a review.' });
  const now = ctx.now();
  const parsed = reviewInput(now.toISOString().slice(0, 10)).safeParse(input);
  if (!parsed.success) return invalid(parsed.error.issues);
  try {
    const { rv, ...changes } = parsed.data;
    const saved = await ctx.store.update(id, expectedVersion, { ...changes, rv: rv ?? null, authorHandle: reviewer.handle }, now.toISOString());
    if (saved.ok) return saved;
    if (!saved.current) return refuse({ code: 'not_found', message: 'This review no longer exists.' });
    return refuse({ code: 'version_conflict', message: 'This review was changed since you opened it: here it is as it is now.', current: saved.current });
  } catch (err) {
    if (err instanceof DuplicateReview) return refuse({ code: 'already_reviewed', message: 'You have reviewed this place for that visit already.' });
    throw err;
  }
}

/** Deletes the author's own review, its comments with it. */
export async function deleteReview(ctx: ReviewContext, reviewer: Reviewer, id: string): Promise<{ ok: true } | { ok: false; refusal: ReviewRefusal }> {
  const current = await ctx.store.get(id);
  if (!current) return { ok: false, refusal: { code: 'not_found', message: 'This review no longer exists.' } };
  if (current.authorId !== reviewer.id) return { ok: false, refusal: { code: 'not_yours', message: 'Only its author deletes a review.' } };
  await ctx.store.delete(id);
  return { ok: true };
}
