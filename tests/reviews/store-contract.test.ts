// One contract for every review store (issue 54): the same steps against SQLite and PostgreSQL.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostgresReviewStore } from '@/lib/reviews/store/postgres/store';
import { SqliteReviewStore } from '@/lib/reviews/store/sqlite/store';
import { DuplicateReview, type NewReview, type ReviewStore } from '@/lib/reviews/store/types';
import { createTestDatabase, type TestDatabase } from '../support/postgres';

let dir: string;
let database: TestDatabase;
const engines: { name: string; store: ReviewStore }[] = [];

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reviews-contract-'));
  database = await createTestDatabase('reviews');
  engines.push(
    { name: 'sqlite', store: SqliteReviewStore.open(path.join(dir, 'reviews.sqlite')) },
    { name: 'postgres', store: await PostgresReviewStore.open({ primaryUrl: database.url, poolSize: 2 }) },
  );
});

afterAll(async () => {
  for (const e of engines) await e.store.close();
  await database?.drop();
  fs.rmSync(dir, { recursive: true, force: true });
});

const rv = { rigLengthFt: 40, cellSignal: [{ carrier: 'verizon' as const, bars: 3 }], hookups: ['electric_50' as const, 'water' as const] };
const review = (id: string, over: Partial<NewReview> = {}): NewReview => ({
  id,
  placeId: 9_000_000_000_001,
  authorId: 'user-ann',
  authorHandle: 'ann',
  rating: 4,
  text: 'Level sites.\nQuiet at night.',
  visitedOn: '2026-11-20',
  rv,
  now: '2026-12-01T10:00:00.000Z',
  ...over,
});

describe.each(['sqlite', 'postgres'])('the review store on %s', (name) => {
  const store = () => engines.find((e) => e.name === name)!.store;

  it('keeps a review as written, its RV details and its place’s 64-bit id included', async () => {
    const saved = await store().create(review(`${name}-a`));
    expect(saved).toEqual({
      id: `${name}-a`,
      placeId: 9_000_000_000_001,
      authorId: 'user-ann',
      authorHandle: 'ann',
      rating: 4,
      text: 'Level sites.\nQuiet at night.',
      visitedOn: '2026-11-20',
      rv,
      hidden: null,
      version: 1,
      createdAt: '2026-12-01T10:00:00.000Z',
      updatedAt: '2026-12-01T10:00:00.000Z',
    });
    expect(await store().get(`${name}-a`)).toEqual(saved);
  });

  it('refuses a second review by the same person of the same place for the same visit, and takes another visit', async () => {
    await expect(store().create(review(`${name}-dup`))).rejects.toBeInstanceOf(DuplicateReview);
    await store().create(review(`${name}-b`, { visitedOn: '2025-07-04', rating: 2, rv: null }));
    await store().create(review(`${name}-c`, { authorId: 'user-bob', authorHandle: 'bob', rating: 5 }));
    // The latest visit first.
    expect((await store().listForPlace(9_000_000_000_001)).map((r) => r.id)).toEqual([`${name}-a`, `${name}-c`, `${name}-b`]);
  });

  it('edits at the version the editor read, and hands the current review to a stale one', async () => {
    const saved = await store().update(`${name}-a`, 1, { rating: 5, text: 'Better than I said.' }, '2026-12-02T08:00:00.000Z');
    expect(saved).toMatchObject({ ok: true, review: { rating: 5, text: 'Better than I said.', version: 2, updatedAt: '2026-12-02T08:00:00.000Z', createdAt: '2026-12-01T10:00:00.000Z' } });
    const stale = await store().update(`${name}-a`, 1, { rating: 1 }, '2026-12-02T08:01:00.000Z');
    expect(stale).toMatchObject({ ok: false, current: { rating: 5, version: 2 } });
    expect(await store().update(`${name}-gone`, 1, { rating: 1 }, '2026-12-02T08:01:00.000Z')).toEqual({ ok: false, current: null });
    // Moved onto the date of the author's other review of the place: the same refusal as creating it.
    await expect(store().update(`${name}-a`, 2, { visitedOn: '2025-07-04' }, '2026-12-02T08:02:00.000Z')).rejects.toBeInstanceOf(DuplicateReview);
  });

  it('counts a place’s visible reviews, and leaves a hidden one out of the place and its counts, not its author’s list', async () => {
    expect(await store().tally([9_000_000_000_001, 42])).toEqual(new Map([[9_000_000_000_001, { count: 3, ratingSum: 5 + 2 + 5 }]]));
    const hidden = await store().setHidden(`${name}-c`, { at: '2026-12-02T09:00:00.000Z', by: 'admin', reason: 'private_information' });
    expect(hidden?.hidden).toEqual({ at: '2026-12-02T09:00:00.000Z', by: 'admin', reason: 'private_information' });
    expect(await store().tally([9_000_000_000_001])).toEqual(new Map([[9_000_000_000_001, { count: 2, ratingSum: 7 }]]));
    // Every reviewed place, for the search order: the same counts.
    const all = await store().tallyAll();
    expect(all.get(9_000_000_000_001)).toEqual({ count: 2, ratingSum: 7 });
    expect(all.has(42)).toBe(false);
    expect((await store().listForPlace(9_000_000_000_001)).map((r) => r.id)).not.toContain(`${name}-c`);
    expect((await store().listForPlace(9_000_000_000_001, { includeHidden: true })).map((r) => r.id)).toContain(`${name}-c`);
    expect((await store().listByAuthor('user-bob')).map((r) => r.id)).toEqual([`${name}-c`]);
    expect((await store().setHidden(`${name}-c`, null))?.hidden).toBeNull();
    expect(await store().tally([])).toEqual(new Map());
  });

  it('counts what an author wrote since a moment, for the daily limit', async () => {
    expect(await store().countByAuthorSince('user-ann', '2026-12-01T00:00:00.000Z')).toBe(2);
    expect(await store().countByAuthorSince('user-ann', '2026-12-01T10:00:00.001Z')).toBe(0);
  });

  it('keeps comments in order, an owner’s answer marked, and removes them with their review', async () => {
    const first = await store().addComment({ reviewId: `${name}-a`, authorId: 'user-bob', authorHandle: 'bob', asOrganization: null, text: 'Was the dump station open?', now: '2026-12-02T10:00:00.000Z' });
    await store().addComment({ reviewId: `${name}-a`, authorId: 'user-eve', authorHandle: 'eve', asOrganization: 'Summit RV Dealers Group', text: 'It is, all winter.', now: '2026-12-02T11:00:00.000Z' });
    await store().addComment({ reviewId: `${name}-b`, authorId: 'user-bob', authorHandle: 'bob', asOrganization: null, text: 'Thanks', now: '2026-12-02T12:00:00.000Z' });
    expect(first).toEqual({ id: first.id, reviewId: `${name}-a`, authorId: 'user-bob', authorHandle: 'bob', asOrganization: null, text: 'Was the dump station open?', createdAt: '2026-12-02T10:00:00.000Z' });
    const comments = await store().comments([`${name}-a`]);
    expect(comments.map((c) => [c.authorHandle, c.asOrganization])).toEqual([['bob', null], ['eve', 'Summit RV Dealers Group']]);
    expect(await store().delete(`${name}-a`)).toBe(true);
    expect(await store().delete(`${name}-a`)).toBe(false);
    expect(await store().comments([`${name}-a`, `${name}-b`])).toHaveLength(1);
    expect(await store().comments([])).toEqual([]);
  });

  it('keeps one report a person a review, lists the open ones by review, the longest waiting first, and closes them', async () => {
    const first = await store().create(review(`${name}-reported-1`, { authorId: 'user-r1', placeId: 90 }));
    const second = await store().create(review(`${name}-reported-2`, { authorId: 'user-r2', placeId: 90 }));
    const report = (reviewId: string, reporterId: string, now: string) => store().report({ reviewId, reporterId, reason: 'spam', note: null, now });
    expect(await report(second.id, 'user-x', '2026-12-02T09:00:00.000Z')).toBe(true);
    expect(await report(first.id, 'user-x', '2026-12-02T10:00:00.000Z')).toBe(true);
    expect(await store().report({ reviewId: second.id, reporterId: 'user-y', reason: 'offensive', note: 'Insults the staff.', now: '2026-12-02T11:00:00.000Z' })).toBe(true);
    expect(await report(second.id, 'user-x', '2026-12-02T12:00:00.000Z')).toBe(false);
    const open = await store().openReports();
    expect(open.map((o) => [o.review.id, o.reports.map((r) => [r.reporterId, r.reason, r.note])])).toEqual([
      [second.id, [['user-x', 'spam', null], ['user-y', 'offensive', 'Insults the staff.']]],
      [first.id, [['user-x', 'spam', null]]],
    ]);
    expect(open[0].reports[0].createdAt).toBe('2026-12-02T09:00:00.000Z');
    expect(await store().closeReports(second.id, '2026-12-02T13:00:00.000Z')).toBe(2);
    expect(await store().closeReports(second.id, '2026-12-02T13:00:00.000Z')).toBe(0);
    expect((await store().openReports()).map((o) => o.review.id)).toEqual([first.id]);
    // Reported again once the moderator acted: the report is open again.
    expect(await report(second.id, 'user-x', '2026-12-02T14:00:00.000Z')).toBe(true);
    expect((await store().openReports()).map((o) => [o.review.id, o.reports.map((r) => r.createdAt)])).toEqual([
      [first.id, ['2026-12-02T10:00:00.000Z']],
      [second.id, ['2026-12-02T14:00:00.000Z']],
    ]);
    await store().closeReports(second.id, '2026-12-02T15:00:00.000Z');
    await store().delete(first.id);
    expect(await store().openReports()).toEqual([]);
  });

  it('keeps reports of photos as of reviews, hides a photo from the search pages and lists it hidden', async () => {
    const image = { size: 'original' as const, width: 2, height: 2, data: Buffer.from([0xff, 0xd8, 2, 0xff, 0xd9]) };
    const photo = await store().addPhoto({ id: `${name}-rp-1`, placeId: 97, reviewId: null, authorId: 'user-pic', authorHandle: 'pic', fingerprint: 'cd', images: [image], now: '2026-12-03T08:00:00.000Z' });
    expect(photo.hidden).toBeNull();
    const report = (reporterId: string, now: string) => store().reportPhoto({ photoId: photo.id, reporterId, reason: 'spam', note: null, now });
    expect(await report('user-x', '2026-12-03T09:00:00.000Z')).toBe(true);
    expect(await report('user-x', '2026-12-03T09:30:00.000Z')).toBe(false);
    expect(await report('user-y', '2026-12-03T10:00:00.000Z')).toBe(true);
    expect((await store().openPhotoReports()).map((o) => [o.photo.id, o.reports.map((r) => [r.reporterId, r.createdAt])])).toEqual([
      [photo.id, [['user-x', '2026-12-03T09:00:00.000Z'], ['user-y', '2026-12-03T10:00:00.000Z']]],
    ]);

    const hidden = await store().setPhotoHidden(photo.id, { at: '2026-12-03T11:00:00.000Z', by: 'mod', reason: 'spam' });
    expect(hidden?.hidden).toEqual({ at: '2026-12-03T11:00:00.000Z', by: 'mod', reason: 'spam' });
    expect(await store().closePhotoReports(photo.id, '2026-12-03T11:00:00.000Z')).toBe(2);
    expect(await store().openPhotoReports()).toEqual([]);
    expect(await store().visiblePhotosOf([97])).toEqual([]);
    expect((await store().placePhotos(97)).map((p) => p.hidden?.reason)).toEqual(['spam']);
    expect((await store().hiddenPhotos(10)).map((p) => p.id)).toEqual([photo.id]);
    expect((await store().setPhotoHidden(photo.id, null))?.hidden).toBeNull();
    expect((await store().visiblePhotosOf([97])).map((p) => p.id)).toEqual([photo.id]);
    expect(await store().setPhotoHidden('no-such-photo', null)).toBeNull();
    await store().deletePhoto(photo.id);
  });

  it('lists the hidden reviews, the most recently hidden first, for a moderator to restore', async () => {
    const older = await store().create(review(`${name}-hidden-1`, { authorId: 'user-h1', placeId: 91 }));
    const newer = await store().create(review(`${name}-hidden-2`, { authorId: 'user-h2', placeId: 91 }));
    await store().setHidden(older.id, { at: '2026-12-02T09:00:00.000Z', by: 'mod', reason: 'spam' });
    await store().setHidden(newer.id, { at: '2026-12-02T10:00:00.000Z', by: 'mod', reason: 'offensive' });
    const mine = (reviews: { id: string }[]) => reviews.map((r) => r.id).filter((id) => id.startsWith(`${name}-hidden-`));
    expect(mine(await store().hiddenReviews(100))).toEqual([newer.id, older.id]);
    expect(await store().hiddenReviews(1)).toEqual([expect.objectContaining({ id: newer.id, hidden: { at: '2026-12-02T10:00:00.000Z', by: 'mod', reason: 'offensive' } })]);
    await store().setHidden(newer.id, null);
    expect(mine(await store().hiddenReviews(100))).toEqual([older.id]);
    await store().delete(older.id);
    await store().delete(newer.id);
  });

  it('keeps a photo with its images, newest first by place, and removes it with its review or alone', async () => {
    const image = (size: 'original' | 'thumbnail', n: number) => ({ size, width: n, height: n, data: Buffer.from([0xff, 0xd8, n, 0xff, 0xd9]) });
    const withReview = await store().create(review(`${name}-photo-review`, { authorId: 'user-pic', placeId: 95 }));
    const alone = await store().addPhoto({ id: `${name}-photo-1`, placeId: 95, reviewId: null, authorId: 'user-pic', authorHandle: 'pic', fingerprint: 'ab12', images: [image('original', 2), image('thumbnail', 1)], now: '2026-12-02T10:00:00.000Z' });
    expect(alone).toEqual({ id: `${name}-photo-1`, placeId: 95, reviewId: null, authorId: 'user-pic', authorHandle: 'pic', fingerprint: 'ab12', createdAt: '2026-12-02T10:00:00.000Z', hidden: null });
    await store().addPhoto({ id: `${name}-photo-2`, placeId: 95, reviewId: withReview.id, authorId: 'user-pic', authorHandle: 'pic', fingerprint: 'cd34', images: [image('original', 3)], now: '2026-12-02T11:00:00.000Z' });
    expect((await store().placePhotos(95)).map((p) => p.id)).toEqual([`${name}-photo-2`, `${name}-photo-1`]);
    expect(await store().photoImage(`${name}-photo-1`, 'thumbnail')).toEqual({ width: 1, height: 1, data: Buffer.from([0xff, 0xd8, 1, 0xff, 0xd9]) });
    expect(await store().photoImage(`${name}-photo-1`, 'large')).toBeNull();
    // A search page's photos: those of several places at once, none of a hidden review.
    expect((await store().visiblePhotosOf([95, 96])).map((p) => p.id)).toEqual([`${name}-photo-2`, `${name}-photo-1`]);
    await store().setHidden(withReview.id, { at: '2026-12-02T12:00:00.000Z', by: 'admin', reason: 'spam' });
    expect((await store().visiblePhotosOf([95])).map((p) => p.id)).toEqual([`${name}-photo-1`]);
    expect(await store().visiblePhotosOf([])).toEqual([]);
    await store().delete(withReview.id);
    expect((await store().placePhotos(95)).map((p) => p.id)).toEqual([`${name}-photo-1`]);
    expect(await store().photoImage(`${name}-photo-2`, 'original')).toBeNull();
    expect(await store().deletePhoto(`${name}-photo-1`)).toBe(true);
    expect(await store().deletePhoto(`${name}-photo-1`)).toBe(false);
    expect(await store().getPhoto(`${name}-photo-1`)).toBeNull();
  });

  it('removes a deleted account’s reviews, the comments on them, its comments on others’ and its photos, and nobody else’s', async () => {
    await store().create(review(`${name}-gone-1`, { authorId: 'user-gone', placeId: 77 }));
    await store().create(review(`${name}-gone-2`, { authorId: 'user-gone', placeId: 78 }));
    const kept = await store().create(review(`${name}-kept`, { authorId: 'user-stays', placeId: 77 }));
    await store().addComment({ reviewId: `${name}-gone-1`, authorId: 'user-stays', authorHandle: 'stays', asOrganization: null, text: 'Agreed.', now: '2026-12-02T10:00:00.000Z' });
    await store().addComment({ reviewId: kept.id, authorId: 'user-gone', authorHandle: 'gone', asOrganization: null, text: 'Nice.', now: '2026-12-02T10:00:00.000Z' });
    await store().addComment({ reviewId: kept.id, authorId: 'user-stays', authorHandle: 'stays', asOrganization: null, text: 'Thanks.', now: '2026-12-02T11:00:00.000Z' });
    const image = { size: 'original' as const, width: 1, height: 1, data: Buffer.from([0xff, 0xd8, 0xff, 0xd9]) };
    await store().addPhoto({ id: `${name}-gone-photo`, placeId: 77, reviewId: null, authorId: 'user-gone', authorHandle: 'gone', fingerprint: 'ee', images: [image], now: '2026-12-02T10:00:00.000Z' });
    const theirs = await store().addPhoto({ id: `${name}-stays-photo`, placeId: 78, reviewId: null, authorId: 'user-stays', authorHandle: 'stays', fingerprint: 'ef', images: [image], now: '2026-12-02T10:00:00.000Z' });
    await store().report({ reviewId: kept.id, reporterId: 'user-gone', reason: 'spam', note: 'Their words.', now: '2026-12-02T12:00:00.000Z' });
    await store().reportPhoto({ photoId: theirs.id, reporterId: 'user-gone', reason: 'spam', note: 'Their words.', now: '2026-12-02T12:00:00.000Z' });
    expect(await store().deleteByAuthor('user-gone')).toEqual({ reviews: 2, comments: 1 });
    // Their reports go too: nothing of what they wrote stays.
    expect((await store().openReports()).filter((o) => o.review.id === kept.id)).toEqual([]);
    expect((await store().openPhotoReports()).filter((o) => o.photo.id === theirs.id)).toEqual([]);
    await store().deletePhoto(theirs.id);
    expect(await store().placePhotos(77)).toEqual([]);
    expect(await store().listByAuthor('user-gone')).toEqual([]);
    expect((await store().listForPlace(77)).map((r) => r.id)).toEqual([kept.id]);
    expect((await store().comments([kept.id, `${name}-gone-1`])).map((c) => c.text)).toEqual(['Thanks.']);
    expect(await store().deleteByAuthor('user-gone')).toEqual({ reviews: 0, comments: 0 });
  });
});
