// The rules of writing a review (issue 54), on the real SQLite store with an injected clock: one per person, place and
// visit; ten a day; none by the place's owners; edits and deletions by the author only, at the version they read;
// and what the Place API makes of them (engagement, the spec's Review shape).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiReview } from '@/lib/reviews/api-review';
import { withReviews } from '@/lib/places/traveler-content';
import { SqliteReviewStore } from '@/lib/reviews/store/sqlite/store';
import { deleteReview, editReview, REVIEWS_PER_DAY, type ReviewContext, writeReview } from '@/lib/reviews/write-review';

let dir: string;
let ctx: ReviewContext;
let clock = new Date('2026-12-02T12:00:00Z');
const ann = { id: 'user-ann', handle: 'ann', organizationIds: [] };
const bob = { id: 'user-bob', handle: 'bob', organizationIds: ['org-summit'] };
const review = { rating: 4, text: 'Level sites.', visitedOn: '2026-11-20' };
const PLACE = 101;

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'write-review-'));
  ctx = { store: SqliteReviewStore.open(path.join(dir, 'reviews.sqlite')), now: () => clock, ownerOf: async (placeId) => (placeId === 202 ? { organizationId: 'org-summit', organizationName: 'Summit' } : null) };
});

afterAll(async () => {
  await ctx.store.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('writing a review', () => {
  it('keeps a valid one under the author’s handle, and refuses a second for the same visit', async () => {
    const written = await writeReview(ctx, ann, PLACE, { ...review, rv: { rigLengthFt: 38 } });
    expect(written).toMatchObject({ ok: true, review: { placeId: PLACE, authorId: 'user-ann', authorHandle: 'ann', rating: 4, rv: { rigLengthFt: 38 }, version: 1 } });
    expect(await writeReview(ctx, ann, PLACE, review)).toEqual({
      ok: false,
      refusal: { code: 'already_reviewed', message: 'You have reviewed this place for that visit already: edit that review instead.' },
    });
  });

  it('names the field a bad input is wrong in', async () => {
    expect(await writeReview(ctx, ann, PLACE, { ...review, rating: 9, text: '<b>hi</b>' })).toEqual({
      ok: false,
      refusal: {
        code: 'invalid',
        message: 'a rating is 1 to 5 stars',
        fields: { rating: 'a rating is 1 to 5 stars', text: 'a review is plain text: no HTML tags or character references' },
      },
    });
    expect(await writeReview(ctx, ann, PLACE, null)).toMatchObject({ ok: false, refusal: { code: 'invalid' } });
    // Each field's first sentence: how a date is written, before that it is not one.
    expect(await writeReview(ctx, ann, PLACE, { ...review, visitedOn: '11/20/2026' })).toMatchObject({ ok: false, refusal: { fields: { visitedOn: 'a date is written YYYY-MM-DD' } } });
  });

  it('refuses a member of the organization that owns the place: they answer as the owner', async () => {
    expect(await writeReview(ctx, bob, 202, review)).toMatchObject({ ok: false, refusal: { code: 'owner_cannot_review' } });
    expect(await writeReview(ctx, ann, 202, review)).toMatchObject({ ok: true });
  });

  it(`takes ${REVIEWS_PER_DAY} a day from one person, and more the next day`, async () => {
    const eve = { id: 'user-eve', handle: 'eve', organizationIds: [] };
    for (let place = 1; place <= REVIEWS_PER_DAY; place++) expect(await writeReview(ctx, eve, 1000 + place, review)).toMatchObject({ ok: true });
    expect(await writeReview(ctx, eve, 2000, review)).toMatchObject({ ok: false, refusal: { code: 'daily_limit' } });
    clock = new Date(clock.getTime() + 86_400_001);
    expect(await writeReview(ctx, eve, 2000, review)).toMatchObject({ ok: true });
  });
});

describe('editing and deleting', () => {
  it('lets the author edit at the version they read, hands a stale editor the current review, and refuses others', async () => {
    const [mine] = await ctx.store.listForPlace(PLACE);
    expect(await editReview(ctx, bob, mine.id, 1, { ...review, rating: 1 })).toMatchObject({ ok: false, refusal: { code: 'not_yours' } });
    expect(await editReview(ctx, ann, mine.id, 1, { ...review, rating: 5 })).toMatchObject({ ok: true, review: { rating: 5, version: 2, rv: null } });
    expect(await editReview(ctx, ann, mine.id, 1, { ...review, rating: 2 })).toMatchObject({ ok: false, refusal: { code: 'version_conflict', current: { rating: 5, version: 2 } } });
    expect(await editReview(ctx, ann, 'gone', 1, review)).toMatchObject({ ok: false, refusal: { code: 'not_found' } });
    expect(await deleteReview(ctx, bob, mine.id)).toMatchObject({ ok: false, refusal: { code: 'not_yours' } });
    expect(await deleteReview(ctx, ann, mine.id)).toEqual({ ok: true });
    expect(await deleteReview(ctx, ann, mine.id)).toMatchObject({ ok: false, refusal: { code: 'not_found' } });
  });
});

describe('what the Place API makes of them', () => {
  it('counts visible reviews into the place’s figures, one decimal', () => {
    expect(withReviews({ rating_count: 0, avg_rating: 0 }, { count: 2, ratingSum: 9 })).toEqual({ rating_count: 2, avg_rating: 4.5 });
    expect(withReviews({ rating_count: 10, avg_rating: 3 }, { count: 2, ratingSum: 10 })).toEqual({ rating_count: 12, avg_rating: 3.3 });
    expect(withReviews({ rating_count: 7, avg_rating: 4.2 }, undefined)).toEqual({ rating_count: 7, avg_rating: 4.2 });
    // A place's details keep their other figures.
    expect(withReviews({ rating_count: 1, avg_rating: 5, visits: 120 }, { count: 1, ratingSum: 3 })).toEqual({ rating_count: 2, avg_rating: 4, visits: 120 });
  });

  it('gives the spec’s Review: text, the author’s page, their handle, the comments, with stars and the visit', async () => {
    const [written] = await ctx.store.listForPlace(202);
    await ctx.store.addComment({ reviewId: written.id, authorId: 'user-bob', authorHandle: 'bob', asOrganization: 'Summit RV Dealers Group', text: 'Thank you!', now: '2026-12-03T08:00:00.000Z' });
    const comments = await ctx.store.comments([written.id]);
    expect(apiReview(written, comments, 'https://trips.example')).toEqual({
      text: 'Level sites.',
      url: 'https://trips.example/travelers/ann',
      source_user: 'ann',
      comments: [{ id: comments[0].id, text: 'Thank you!', source_user: 'bob', created_at: '2026-12-03', owner: 'Summit RV Dealers Group' }],
      rating: 4,
      visited_on: '2026-11-20',
    });
  });
});
