// Moderation of travelers' reviews (issue 54): a reader reports a review once, never their own; the operator lists the
// open reports and hides (with the reason its author is shown), restores or dismisses with `npm run reviews`, in the
// store every instance reads.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpError } from '@/lib/http/http-error';
import { createReview, placeReviews, reportReview, type ReviewDeps, type Writer } from '@/lib/reviews/explorer/service';
import { SqliteReviewStore } from '@/lib/reviews/store/sqlite/store';
import { SqliteIdentityDirectory } from '@/lib/identity/directory/sqlite/directory';
import { IDENTITY_DB_FILE } from '@/lib/identity/store';
import { OUTBOX_DIR } from '@/lib/identity/mail/mailer';
import { runProgram } from '../support/run-program';

let dir: string;
let deps: ReviewDeps;
const writer = (handle: string): Writer => ({ id: `user-${handle}`, handle, organizationIds: [], address: '198.51.100.30' });
const [ann, bob, cy] = [writer('ann'), writer('bob'), writer('cy')];

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'review-moderation-'));
  deps = { store: SqliteReviewStore.open(path.join(dir, 'reviews.sqlite')), now: () => new Date('2026-12-02T12:00:00Z') };
  // Ann has an account, whose address the operator's command mails.
  const directory = await SqliteIdentityDirectory.open(path.join(dir, IDENTITY_DB_FILE));
  await directory.accounts.createUser({ id: ann.id, username: 'ann', email: 'ann@example.test', password: 'a long enough password', givenName: 'Ann', familyName: 'Lee' });
  await directory.close();
});

/** The mail the command wrote to the outbox (no SMTP_URL), oldest first. */
const outbox = () => {
  const folder = path.join(dir, OUTBOX_DIR);
  return fs.existsSync(folder) ? fs.readdirSync(folder).sort().map((name) => fs.readFileSync(path.join(folder, name), 'utf8')) : [];
};

afterAll(async () => {
  await deps.store.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const refusal = (promise: Promise<unknown>) => promise.then(() => null, (e: HttpError) => ({ status: e.status, code: e.code, parameter: e.extra?.parameter }));
const moderate = (...args: string[]) =>
  runProgram(path.resolve('node_modules/.bin/tsx'), ['scripts/reviews/moderate.ts', ...args], { env: { ...process.env, DATA_DIR: dir, DATABASE_URL: '', NODE_ENV: 'test' }, timeout: 60_000 });

describe('reports and moderation', () => {
  let reviewId: string;

  it('takes one report a reader a review, with a reason from the list, and none of one’s own review', async () => {
    reviewId = (await createReview(deps, ann, 42, { rating: 1, text: 'Call 555-0100 and ask for Joe, he owes me.', visitedOn: '2026-11-01' })).id;
    expect(await reportReview(deps, bob, reviewId, { reason: 'private_information', note: 'A phone number.' })).toBeUndefined();
    expect(await refusal(reportReview(deps, bob, reviewId, { reason: 'spam' }))).toMatchObject({ status: 409, code: 'already_reported' });
    expect(await refusal(reportReview(deps, ann, reviewId, { reason: 'spam' }))).toMatchObject({ status: 403, code: 'own_review' });
    expect(await refusal(reportReview(deps, cy, reviewId, { reason: 'boring' }))).toMatchObject({ status: 400, parameter: 'reason' });
    expect(await refusal(reportReview(deps, cy, 'no-such-review', { reason: 'spam' }))).toMatchObject({ status: 404 });
    await reportReview(deps, cy, reviewId, { reason: 'offensive', note: '' });
  });

  it('lists the open reports for the operator, hides with a reason its author sees, and restores', async () => {
    const listed = await moderate('reports');
    expect(listed.status, listed.stderr).toBe(0);
    expect(listed.stdout).toContain(`${reviewId}  place 42  by ann  1/5`);
    expect(listed.stdout).toContain('private_information: A phone number.');
    expect(listed.stdout).toContain('offensive');

    expect((await moderate('hide', reviewId)).stderr).toContain('hide needs --reason');
    const hidden = await moderate('hide', reviewId, '--reason', 'a private phone number');
    expect(hidden.stdout).toContain(`hidden ${reviewId} (by ann): a private phone number; its author was told by e-mail`);
    // Told by mail: the reason and a link to the place, where they may edit or delete it; none of the review's own words.
    const [told] = outbox();
    expect(told).toContain('To: ann@example.test');
    expect(told).toContain('Subject: Your Trip Explorer review was hidden');
    expect(told).toContain('The reason: a private phone number');
    // The body is quoted-printable: its soft line breaks and escaped "=" undone.
    const body = told.replace(/=\r?\n/g, '').replaceAll('=3D', '=');
    expect(body).toContain('See the place: http://localhost:3000/?place=42');
    expect(body).toContain('may edit or delete it there');
    expect(told).not.toContain('555-0100');
    expect(await placeReviews(deps, 42, bob.id)).toEqual([]);
    expect((await placeReviews(deps, 42, ann.id))[0].hidden).toEqual({ reason: 'a private phone number' });
    expect((await moderate('reports')).stdout).toContain('no open reports');
    expect(await refusal(reportReview(deps, writer('dee'), reviewId, { reason: 'spam' }))).toMatchObject({ status: 404 });

    expect((await moderate('restore', reviewId)).stdout).toContain(`restored ${reviewId}; its author was told by e-mail`);
    expect(outbox()[1]).toContain('Subject: Your Trip Explorer review is shown again');
    expect((await placeReviews(deps, 42, bob.id)).map((r) => r.id)).toEqual([reviewId]);
    expect((await moderate('hide', 'no-such-review', '--reason', 'x')).status).toBe(1);
    expect((await moderate('bogus', reviewId)).status).toBe(2);
    expect((await moderate('dismiss', 'no-such-review')).stderr).toContain('no review no-such-review');
    // Eight starts of the command under tsx: seconds each on a busy machine.
  }, 300_000);

  it('dismisses reports and leaves the review as it is', async () => {
    await reportReview(deps, writer('eve'), reviewId, { reason: 'spam' });
    expect((await moderate('dismiss', reviewId)).stdout).toContain(`1 report of ${reviewId} dismissed`);
    expect(await deps.store.openReports()).toEqual([]);
    expect((await placeReviews(deps, 42, null)).map((r) => r.id)).toEqual([reviewId]);
  }, 120_000);
});
