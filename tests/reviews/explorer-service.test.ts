// The Explorer's review handlers' rules (issue 54), on the real SQLite store and the memory limit store: refusals as
// the one JSON error's status and code, the per-person and per-network limits held at the moment of writing (a deleted
// review does not give its place back), hidden reviews shown to their author only, comments.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpError } from '@/lib/http/http-error';
import { limitStoreOn } from '@/lib/limits';
import { memoryEngine } from '@/lib/limits/memory';
import { REVIEW_WRITES_PER_ADDRESS } from '@/lib/reviews/explorer/review-limits';
import { apiReview } from '@/lib/reviews/api-review';
import { commentOnReview, ownerStatus, createReview, placeReviews, removeReview, reportReview, type ReviewDeps, updateReview, whileTheReviewExists, type Writer } from '@/lib/reviews/explorer/service';
import { SqliteReviewStore } from '@/lib/reviews/store/sqlite/store';
import { REVIEWS_PER_DAY } from '@/lib/reviews/write-review';

let dir: string;
let deps: ReviewDeps;
const clock = new Date('2026-12-02T12:00:00Z');
const writer = (handle: string, address = '198.51.100.7'): Writer => ({ id: `user-${handle}`, handle, organizationIds: [], address });
const ann = writer('ann');
const review = { rating: 4, text: 'Level sites.', visitedOn: '2026-11-20' };
const review_ = (rating: number) => ({ ...review, rating });

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'explorer-reviews-'));
  deps = { store: SqliteReviewStore.open(path.join(dir, 'reviews.sqlite')), now: () => clock, limits: limitStoreOn(memoryEngine()) };
});

afterAll(async () => {
  await deps.store.close();
  await deps.limits?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function refusal(promise: Promise<unknown>): Promise<{ status: number; code: string; body?: Record<string, unknown>; parameter?: string }> {
  const err = await promise.then(() => null, (e: unknown) => e);
  if (!(err instanceof HttpError)) throw new Error(`expected an HttpError, got ${String(err)}`);
  return { status: err.status, code: err.code, ...(err.extra.body ? { body: err.extra.body } : {}), ...(err.extra.parameter ? { parameter: err.extra.parameter } : {}) };
}

describe('writing, editing and deleting from the Explorer', () => {
  it('answers the author with their review, marked as theirs, and refuses each rule with its status', async () => {
    const mine = await createReview(deps, ann, 1, review);
    expect(mine).toMatchObject({ rating: 4, visitedOn: '2026-11-20', mine: true, version: 1, author: { handle: 'ann', profile: '/travelers/ann' }, hidden: null });
    expect(await refusal(createReview(deps, ann, 1, review))).toMatchObject({ status: 409, code: 'already_reviewed' });
    expect(await refusal(createReview(deps, ann, 2, { ...review, rating: 0 }))).toEqual({
      status: 400,
      code: 'invalid_parameter',
      parameter: 'rating',
      body: { fields: { rating: 'a rating is 1 to 5 stars' } },
    });
    expect(await refusal(updateReview(deps, writer('bob'), mine.id, { version: 1, ...review }))).toMatchObject({ status: 403, code: 'not_yours' });
    expect(await refusal(updateReview(deps, ann, mine.id, review))).toMatchObject({ status: 400, parameter: 'version' });
    const edited = await updateReview(deps, ann, mine.id, { version: 1, ...review, rating: 5 });
    expect(edited).toMatchObject({ rating: 5, version: 2 });
    const stale = await refusal(updateReview(deps, ann, mine.id, { version: 1, ...review, rating: 1 }));
    expect(stale).toMatchObject({ status: 409, code: 'version_conflict', body: { review: { rating: 5, version: 2, mine: true } } });
    expect(await refusal(removeReview(deps, writer('bob'), mine.id))).toMatchObject({ status: 403, code: 'not_yours' });
    await removeReview(deps, ann, mine.id);
    expect(await refusal(removeReview(deps, ann, mine.id))).toMatchObject({ status: 404, code: 'not_found' });
  });

  it(`takes ${REVIEWS_PER_DAY} new reviews a day from a person even when they delete them; a refused one does not count`, async () => {
    const eve = writer('eve', '198.51.100.8');
    expect(await refusal(createReview(deps, eve, 100, { ...review, text: '' }))).toMatchObject({ status: 400 });
    for (let place = 1; place <= REVIEWS_PER_DAY; place++) {
      const written = await createReview(deps, eve, 100 + place, review);
      await removeReview(deps, eve, written.id);
    }
    const over = await refusal(createReview(deps, eve, 200, review));
    expect(over).toMatchObject({ status: 429, code: 'rate_limited' });
  });

  it(`takes ${REVIEW_WRITES_PER_ADDRESS.points} writes an hour from one network, whoever signs them`, async () => {
    const address = '203.0.113.9';
    for (let i = 0; i < REVIEW_WRITES_PER_ADDRESS.points; i++) {
      await refusal(updateReview(deps, writer(`w${i % 5}`, address), 'no-such-review', { version: 1, ...review }));
    }
    expect(await refusal(createReview(deps, writer('zed', address), 300, review))).toMatchObject({ status: 429, code: 'rate_limited' });
  });
});

describe('reading and commenting', () => {
  it('shows a hidden review to its author only, and takes comments on visible ones', async () => {
    const cy = writer('cy', '198.51.100.20');
    const dee = writer('dee', '198.51.100.21');
    const hidden = await createReview(deps, cy, 500, review);
    const shown = await createReview(deps, dee, 500, { ...review, visitedOn: '2026-11-25', rating: 2 });
    await deps.store.setHidden(hidden.id, { at: clock.toISOString(), by: 'admin', reason: 'private information' });

    expect((await placeReviews(deps, 500, null)).map((r) => r.author.handle)).toEqual(['dee']);
    expect((await placeReviews(deps, 500, dee.id)).map((r) => [r.author.handle, r.mine])).toEqual([['dee', true]]);
    expect((await placeReviews(deps, 500, cy.id)).map((r) => [r.author.handle, r.hidden])).toEqual([['dee', null], ['cy', { reason: 'private information' }]]);

    const answered = await commentOnReview(deps, cy, shown.id, { text: 'Same here.' });
    expect(answered.comments).toEqual([expect.objectContaining({ text: 'Same here.', author: 'cy', asOrganization: null })]);
    expect(await refusal(commentOnReview(deps, dee, hidden.id, { text: 'Hm.' }))).toMatchObject({ status: 404 });
    expect(await refusal(commentOnReview(deps, dee, shown.id, { text: '<script>x</script>' }))).toMatchObject({ status: 400, parameter: 'text' });
  });

  it('answers a review of a place outside the reader’s account as none at all', async () => {
    const review = await createReview(deps, writer('fay', '198.51.100.22'), 600, review_(4));
    const outside = { ...deps, placeVisible: async (placeId: number) => placeId !== 600 };
    expect(await refusal(commentOnReview(outside, writer('gus', '198.51.100.23'), review.id, { text: 'Hm.' }))).toMatchObject({ status: 404, code: 'not_found' });
    expect(await refusal(reportReview(outside, writer('gus', '198.51.100.23'), review.id, { reason: 'spam' }))).toMatchObject({ status: 404, code: 'not_found' });
  });

  it('answers a write about a review deleted meanwhile with a 404, not a 500', async () => {
    const review = await createReview(deps, writer('hal', '198.51.100.24'), 601, review_(3));
    const comment = { reviewId: review.id, authorId: 'user-ivy', authorHandle: 'ivy', asOrganization: null, text: 'Late.', now: clock.toISOString() };
    const late = whileTheReviewExists(deps.store, review.id, async () => {
      await deps.store.delete(review.id);
      return deps.store.addComment(comment);
    });
    expect(await refusal(late)).toMatchObject({ status: 404, code: 'not_found' });
  });
});

describe('answers from the place’s owner', () => {
  const owned = { organizationId: 'org-summit-rv', organizationName: 'Summit RV Dealers Group' };
  const withOwner = () => ({ ...deps, ownerOf: async (placeId: number) => (placeId === 700 ? owned : null) });
  const advisor: Writer = { ...writer('sam', '198.51.100.40'), organizationIds: ['org-summit-rv'], keepsListingsOf: ['org-summit-rv'] };
  const sales: Writer = { ...writer('dan', '198.51.100.41'), organizationIds: ['org-summit-rv'], keepsListingsOf: [] };

  it('writes a listing keeper’s comment as the owning organization, in the drawer and in the Place API', async () => {
    const ownerDeps = withOwner();
    const review = await createReview(ownerDeps, writer('kim', '198.51.100.42'), 700, review_(2));
    expect(await ownerStatus(ownerDeps, advisor, 700)).toEqual({ ownerMember: true, answersAs: 'Summit RV Dealers Group' });
    const answered = await commentOnReview(ownerDeps, advisor, review.id, { text: 'The dump station is open again.' });
    expect(answered.comments).toEqual([expect.objectContaining({ author: 'sam', asOrganization: 'Summit RV Dealers Group' })]);

    const stored = (await deps.store.get(review.id))!;
    const api = apiReview(stored, await deps.store.comments([review.id]), 'https://explorer.example');
    expect(api.comments).toEqual([{ id: expect.any(Number), text: 'The dump station is open again.', source_user: 'sam', created_at: '2026-12-02', owner: 'Summit RV Dealers Group' }]);
  });

  it('refuses the owner’s other members, and writes anyone’s comment elsewhere as their own', async () => {
    const ownerDeps = withOwner();
    const lous = await createReview(ownerDeps, writer('lou', '198.51.100.43'), 700, { ...review_(5), visitedOn: '2026-11-21' });
    expect(await ownerStatus(ownerDeps, sales, 700)).toEqual({ ownerMember: true, answersAs: null });
    expect(await refusal(commentOnReview(ownerDeps, sales, lous.id, { text: 'Come back soon!' }))).toMatchObject({ status: 403, code: 'owner_role_required' });
    expect(await refusal(createReview(ownerDeps, advisor, 700, review))).toMatchObject({ status: 403, code: 'owner_cannot_review' });

    const elsewhere = await createReview(ownerDeps, writer('mo', '198.51.100.44'), 701, review_(4));
    expect(await ownerStatus(ownerDeps, advisor, 701)).toEqual({ ownerMember: false, answersAs: null });
    const comment = await commentOnReview(ownerDeps, advisor, elsewhere.id, { text: 'Nice spot.' });
    expect(comment.comments).toEqual([expect.objectContaining({ author: 'sam', asOrganization: null })]);
    const api = apiReview((await deps.store.get(elsewhere.id))!, await deps.store.comments([elsewhere.id]), 'https://explorer.example');
    expect(api.comments[0]).not.toHaveProperty('owner');
  });
});
