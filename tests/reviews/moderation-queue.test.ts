// The moderation page's rules (issue 54): the platform's moderators read the reported reviews with their reports and
// the hidden ones, hide with a reason, restore and dismiss; the author is told of a hiding and a restoring (a mail
// that fails leaves the decision made), and every refusal is the one JSON error's status and code.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpError } from '@/lib/http/http-error';
import type { ModerationNotice } from '@/lib/reviews/moderation';
import { moderatePhoto, moderateReview, type ModerationDeps, moderationQueue, moderatorImage } from '@/lib/reviews/explorer/moderation';
import { photoFile, reportPlacePhoto } from '@/lib/reviews/explorer/photos';
import { createReview, placeReviews, reportReview, type ReviewDeps, type Writer } from '@/lib/reviews/explorer/service';
import { SqliteReviewStore } from '@/lib/reviews/store/sqlite/store';

let dir: string;
let reviews: ReviewDeps;
let told: { author: string; notice: ModerationNotice }[];
let mailWorks = true;
let deps: ModerationDeps;
const writer = (handle: string): Writer => ({ id: `user-${handle}`, handle, organizationIds: [], address: '198.51.100.60' });
const [ann, bob] = [writer('ann'), writer('bob')];
const visit = (visitedOn: string, text: string) => ({ rating: 2, text, visitedOn });

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'moderation-queue-'));
  const store = SqliteReviewStore.open(path.join(dir, 'reviews.sqlite'));
  let minutes = 0;
  const now = () => new Date(Date.UTC(2026, 11, 3, 9, minutes++));
  reviews = { store, now };
  told = [];
  deps = {
    store,
    now,
    placeName: async (placeId) => (placeId === 10 ? 'Juniper Flats RV Park' : null),
    async tell(author, notice) {
      if (!mailWorks) throw new Error('SMTP refused');
      told.push({ author: author.authorHandle, notice });
      return 'mailed';
    },
  };
});

afterAll(async () => {
  await deps.store.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function refusal(promise: Promise<unknown>) {
  const err = await promise.then(() => null, (e: unknown) => e);
  if (!(err instanceof HttpError)) throw new Error(`expected an HttpError, got ${String(err)}`);
  return { status: err.status, code: err.code, parameter: err.extra.parameter };
}

describe('the moderators’ queue', () => {
  it('lists reported reviews with their reports and place names, hides one with a reason its author is told, and lists it hidden', async () => {
    const review = await createReview(reviews, ann, 10, visit('2026-10-01', 'Call Joe at 555-0100.'));
    await reportReview(reviews, bob, review.id, { reason: 'private_information', note: 'A phone number.' });

    const queue = await moderationQueue(deps);
    expect(queue.reported).toEqual([
      expect.objectContaining({
        id: review.id,
        placeId: 10,
        placeName: 'Juniper Flats RV Park',
        text: 'Call Joe at 555-0100.',
        author: { handle: 'ann', profile: '/travelers/ann' },
        hidden: null,
        reports: [{ reason: 'private_information', note: 'A phone number.', createdAt: expect.any(String) }],
      }),
    ]);
    // Who reported stays between them and the store.
    expect(JSON.stringify(queue)).not.toContain('user-bob');

    const hidden = await moderateReview(deps, 'mo', review.id, { action: 'hide', reason: 'a phone number' });
    expect(hidden).toEqual({ review: expect.objectContaining({ id: review.id, hidden: { reason: 'a phone number', at: expect.any(String) }, reports: [] }), told: 'mailed' });
    expect(told).toEqual([{ author: 'ann', notice: { of: 'review', kind: 'hidden', reason: 'a phone number' } }]);
    expect(await placeReviews(reviews, 10, null)).toEqual([]);
    const after = await moderationQueue(deps);
    expect(after.reported).toEqual([]);
    expect(after.hidden.map((r) => [r.id, r.hidden?.reason])).toEqual([[review.id, 'a phone number']]);
    expect((await deps.store.get(review.id))?.hidden?.by).toBe('mo');
  });

  it('restores a hidden review and tells its author; restoring one not hidden tells nobody', async () => {
    const review = await createReview(reviews, ann, 11, visit('2026-10-02', 'Fine.'));
    await moderateReview(deps, 'mo', review.id, { action: 'hide', reason: 'checking' });
    told.length = 0;
    expect(await moderateReview(deps, 'mo', review.id, { action: 'restore' })).toEqual({ review: expect.objectContaining({ hidden: null, placeName: null }), told: 'mailed' });
    expect(told).toEqual([{ author: 'ann', notice: { of: 'review', kind: 'restored' } }]);
    expect((await moderateReview(deps, 'mo', review.id, { action: 'restore' })).told).toBeNull();
    expect((await placeReviews(reviews, 11, null)).map((r) => r.id)).toEqual([review.id]);
  });

  it('dismisses the reports and leaves the review shown, telling nobody', async () => {
    const review = await createReview(reviews, ann, 12, visit('2026-10-03', 'Loud generator next door.'));
    await reportReview(reviews, bob, review.id, { reason: 'offensive' });
    told.length = 0;
    expect(await moderateReview(deps, 'mo', review.id, { action: 'dismiss' })).toEqual({ review: expect.objectContaining({ id: review.id, hidden: null }), told: null });
    expect(told).toEqual([]);
    expect((await moderationQueue(deps)).reported).toEqual([]);
    expect((await placeReviews(reviews, 12, null)).map((r) => r.id)).toEqual([review.id]);
  });

  it('keeps the decision when the mail to the author fails, and says so', async () => {
    const review = await createReview(reviews, ann, 13, visit('2026-10-04', 'Spam spam spam.'));
    mailWorks = false;
    try {
      expect((await moderateReview(deps, 'mo', review.id, { action: 'hide', reason: 'spam' })).told).toBe('mail_failed');
    } finally {
      mailWorks = true;
    }
    expect((await deps.store.get(review.id))?.hidden?.reason).toBe('spam');
  });

  it('refuses a decision it cannot read, and one about a review that is gone', async () => {
    const review = await createReview(reviews, ann, 14, visit('2026-10-05', 'Gone soon.'));
    expect(await refusal(moderateReview(deps, 'mo', review.id, { action: 'hide' }))).toEqual({ status: 400, code: 'invalid_parameter', parameter: 'reason' });
    expect(await refusal(moderateReview(deps, 'mo', review.id, { action: 'hide', reason: '<b>spam</b>' }))).toMatchObject({ status: 400, parameter: 'reason' });
    expect(await refusal(moderateReview(deps, 'mo', review.id, { action: 'delete' }))).toMatchObject({ status: 400, code: 'invalid_parameter', parameter: 'action' });
    expect(await refusal(moderateReview(deps, 'mo', review.id, 'hide'))).toMatchObject({ status: 400, code: 'invalid_parameter' });
    expect(await refusal(moderateReview(deps, 'mo', review.id, { action: 'dismiss', extra: 1 }))).toMatchObject({ status: 400, code: 'invalid_parameter' });
    await deps.store.delete(review.id);
    for (const action of [{ action: 'hide', reason: 'x' }, { action: 'restore' }, { action: 'dismiss' }]) {
      expect(await refusal(moderateReview(deps, 'mo', review.id, action))).toMatchObject({ status: 404, code: 'not_found' });
    }
  });
});

describe('photos reported on their own', () => {
  const image = (size: 'original' | 'small', n: number) => ({ size, width: n, height: n, data: Buffer.from([0xff, 0xd8, n, 0xff, 0xd9]) });
  const addPhoto = (id: string, placeId: number, author: Writer) =>
    deps.store.addPhoto({ id, placeId, reviewId: null, authorId: author.id, authorHandle: author.handle, fingerprint: 'ab', images: [image('original', 4), image('small', 2)], now: '2026-12-03T08:00:00.000Z' });

  it('takes a reader’s report once, refuses the author’s own and a photo readers do not see', async () => {
    const photo = await addPhoto('00000000-0000-4000-8000-000000000001', 10, ann);
    await reportPlacePhoto(reviews, bob, photo.id, { reason: 'offensive', note: 'Not this place at all.' });
    expect(await refusal(reportPlacePhoto(reviews, bob, photo.id, { reason: 'spam' }))).toMatchObject({ status: 409, code: 'already_reported' });
    expect(await refusal(reportPlacePhoto(reviews, ann, photo.id, { reason: 'spam' }))).toMatchObject({ status: 403, code: 'own_photo' });
    expect(await refusal(reportPlacePhoto(reviews, bob, photo.id, { reason: 'boring' }))).toMatchObject({ status: 400, parameter: 'reason' });
    expect(await refusal(reportPlacePhoto(reviews, bob, 'not-a-photo', { reason: 'spam' }))).toMatchObject({ status: 404 });
    const outside = { ...reviews, placeVisible: async () => false };
    expect(await refusal(reportPlacePhoto(outside, writer('cy'), photo.id, { reason: 'spam' }))).toMatchObject({ status: 404 });

    const queue = await moderationQueue(deps);
    expect(queue.reportedPhotos).toEqual([
      expect.objectContaining({ id: photo.id, placeName: 'Juniper Flats RV Park', image: `/api/moderation/photos/${photo.id}/image`, reports: [expect.objectContaining({ reason: 'offensive', note: 'Not this place at all.' })] }),
    ]);
  });

  it('hides a photo from readers (served to moderators only), tells its author, and restores it', async () => {
    const photo = await addPhoto('00000000-0000-4000-8000-000000000002', 10, ann);
    await reportPlacePhoto(reviews, bob, photo.id, { reason: 'private_information' });
    told.length = 0;
    const hidden = await moderatePhoto(deps, 'mo', photo.id, { action: 'hide', reason: 'a licence plate' });
    expect(hidden).toEqual({ photo: expect.objectContaining({ id: photo.id, hidden: { reason: 'a licence plate', at: expect.any(String) } }), told: 'mailed' });
    expect(told).toEqual([{ author: 'ann', notice: { of: 'photo', kind: 'hidden', reason: 'a licence plate' } }]);
    expect(await photoFile(reviews, photo.id, 'small.jpg')).toBeNull();
    expect(await moderatorImage(deps, photo.id)).toEqual(image('small', 2).data);
    expect(await refusal(reportPlacePhoto(reviews, writer('cy'), photo.id, { reason: 'spam' }))).toMatchObject({ status: 404 });
    const queue = await moderationQueue(deps);
    expect(queue.reportedPhotos.map((p) => p.id)).not.toContain(photo.id);
    expect(queue.hiddenPhotos.map((p) => p.id)).toContain(photo.id);

    expect((await moderatePhoto(deps, 'mo', photo.id, { action: 'restore' })).told).toBe('mailed');
    expect(await photoFile(reviews, photo.id, 'small.jpg')).toEqual(image('small', 2).data);
    await deps.store.deletePhoto(photo.id);
    expect(await refusal(moderatePhoto(deps, 'mo', photo.id, { action: 'dismiss' }))).toMatchObject({ status: 404, code: 'not_found' });
  });

  it('leaves a photo of a hidden review to its review: out of the queue until the review is shown, and not moderated alone', async () => {
    const review = await createReview(reviews, ann, 15, visit('2026-10-06', 'With a photo.'));
    const photo = await deps.store.addPhoto({ id: '00000000-0000-4000-8000-000000000003', placeId: 15, reviewId: review.id, authorId: ann.id, authorHandle: 'ann', fingerprint: 'ab', images: [image('small', 2)], now: '2026-12-03T08:00:00.000Z' });
    await reportPlacePhoto(reviews, bob, photo.id, { reason: 'spam' });
    await moderateReview(deps, 'mo', review.id, { action: 'hide', reason: 'spam' });
    expect((await moderationQueue(deps)).reportedPhotos.map((p) => p.id)).not.toContain(photo.id);
    expect(await refusal(moderatePhoto(deps, 'mo', photo.id, { action: 'restore' }))).toMatchObject({ status: 409, code: 'hidden_with_review' });
    await moderateReview(deps, 'mo', review.id, { action: 'restore' });
    expect((await moderationQueue(deps)).reportedPhotos.map((p) => p.id)).toContain(photo.id);
  });
});
