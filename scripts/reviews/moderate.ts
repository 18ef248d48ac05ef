// `npm run reviews -- <command>`: the operator's moderation of travelers' reviews, in the configured review store
// (PostgreSQL with DATABASE_URL, else DATA_DIR/reviews.sqlite), seen by every instance at once.
//   reports                          the reviews readers reported, the longest waiting first
//   hide <review id> --reason TEXT   hides it from the place, the API and the counts; its author sees the reason and
//                                    is told by e-mail
//   restore <review id>              shows it again, and tells its author
//   dismiss <review id>              closes its reports and leaves it as it is
import { parseArgs } from 'node:util';
import { loadConfig } from '@/lib/config/env';
import { openDataDir } from '@/lib/core/data-dir';
import { commandLineActor } from '@/lib/identity/audit';
import { dismiss, hide, restore, reviewsOf } from '@/lib/reviews/moderation';
import { openReviewStore } from '@/lib/reviews/store';
import type { Review, ReviewStore } from '@/lib/reviews/store/types';
import { type AuthorMail, type ModerationNotice, openAuthorMail } from './tell-author';

const USAGE = `usage: npm run reviews -- <command>
  reports                          the reviews readers reported, the longest waiting first
  hide <review id> --reason TEXT   hide it (its author sees the reason, and is told by e-mail)
  restore <review id>              show it again (its author is told)
  dismiss <review id>              close its reports, leave it as it is
(docs/reviews.md)
`;

/** A refusal of the command: its message on stderr and its exit status, once the store is closed. */
class CliError extends Error {
  constructor(
    message: string,
    readonly status = 1,
  ) {
    super(message);
  }
}

function fail(message: string, status = 1): never {
  throw new CliError(message, status);
}

async function listReports(store: ReviewStore) {
  const open = await store.openReports();
  if (!open.length) return 'no open reports';
  return open
    .map(({ review, reports }) => {
      const lines = reports.map((r) => `    ${r.createdAt}  ${r.reason}${r.note ? `: ${r.note}` : ''}`);
      const excerpt = review.text.length > 120 ? `${review.text.slice(0, 117)}...` : review.text;
      return [`${review.id}  place ${review.placeId}  by ${review.authorHandle}  ${review.rating}/5${review.hidden ? '  (hidden)' : ''}`, `  ${JSON.stringify(excerpt)}`, ...lines].join('\n');
    })
    .join('\n');
}

/** The author told; a mail that fails leaves the review as moderated, says so and makes the command's status 1. */
async function tell(mail: AuthorMail, review: Review, notice: ModerationNotice): Promise<string> {
  try {
    return await mail.tell(review, notice);
  } catch (err) {
    process.exitCode = 1;
    return `the mail to its author failed (${(err as Error).message}); the review stays ${notice.kind}`;
  }
}

async function run(
  store: ReviewStore,
  mail: AuthorMail,
  command: string | undefined,
  id: string | undefined,
  reason: string | undefined,
): Promise<string> {
  const step = { by: commandLineActor(), now: new Date().toISOString() };
  if (command === 'reports') return listReports(store);
  if (!id || !['hide', 'restore', 'dismiss'].includes(command ?? '')) fail(`unknown command\n${USAGE}`, 2);
  if (command === 'hide') {
    if (!reason?.trim()) fail('hide needs --reason: its author is shown it');
    const hidden = await hide(reviewsOf(store), id, reason.trim(), step);
    if (!hidden) fail(`no review ${id}`);
    return `hidden ${id} (by ${hidden.authorHandle}): ${reason.trim()}; ${await tell(mail, hidden, { of: 'review', kind: 'hidden', reason: reason.trim() })}`;
  }
  if (command === 'restore') {
    const wasHidden = (await store.get(id))?.hidden;
    const restored = await restore(reviewsOf(store), id, step);
    if (!restored) fail(`no review ${id}`);
    return `restored ${id}; ${wasHidden ? await tell(mail, restored, { of: 'review', kind: 'restored' }) : 'it was not hidden: nobody was told'}`;
  }
  const closed = await dismiss(reviewsOf(store), id, step);
  if (closed === 0 && !(await store.get(id))) fail(`no review ${id}`);
  return `${closed} report${closed === 1 ? '' : 's'} of ${id} dismissed`;
}

async function main() {
  let parsed;
  try {
    parsed = parseArgs({ options: { reason: { type: 'string' }, help: { type: 'boolean' } }, allowPositionals: true });
  } catch (err) {
    fail(`${(err as Error).message}\n${USAGE}`, 2);
  }
  if (parsed.values.help) return process.stdout.write(USAGE);
  const [command, id] = parsed.positionals;
  const config = loadConfig();
  const dataDir = openDataDir(config.dataDir);
  const store = await openReviewStore(config, dataDir);
  let mail: AuthorMail | null = null;
  try {
    mail = await openAuthorMail(config, dataDir);
    process.stdout.write(`${await run(store, mail, command, id, parsed.values.reason)}\n`);
  } finally {
    await mail?.close();
    await store.close();
  }
}

main().catch((err) => {
  process.stderr.write(`error: ${(err as Error).message}\n`);
  process.exit(err instanceof CliError ? err.status : 1);
});
