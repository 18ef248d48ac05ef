// `npm run reviews -- <command>`: the operator's moderation of travelers' reviews, in the configured review store
// (PostgreSQL with DATABASE_URL, else DATA_DIR/reviews.sqlite), seen by every instance at once.
//   reports                          the reviews readers reported, the longest waiting first
//   hide <review id> --reason TEXT   hides it from the place, the API and the counts; its author sees the reason
//   restore <review id>              shows it again
//   dismiss <review id>              closes its reports and leaves it as it is
import { parseArgs } from 'node:util';
import { loadConfig } from '@/lib/config/env';
import { openDataDir } from '@/lib/core/data-dir';
import { commandLineActor } from '@/lib/identity/audit';
import { dismissReports, hideReview, restoreReview } from '@/lib/reviews/moderation';
import { openReviewStore } from '@/lib/reviews/store';
import type { ReviewStore } from '@/lib/reviews/store/types';

const USAGE = `usage: npm run reviews -- <command>
  reports                          the reviews readers reported, the longest waiting first
  hide <review id> --reason TEXT   hide it (its author sees the reason)
  restore <review id>              show it again
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

async function run(store: ReviewStore, command: string | undefined, id: string | undefined, reason: string | undefined): Promise<string> {
  const step = { by: commandLineActor(), now: new Date().toISOString() };
  if (command === 'reports') return listReports(store);
  if (!id || !['hide', 'restore', 'dismiss'].includes(command ?? '')) fail(`unknown command\n${USAGE}`, 2);
  if (command === 'hide') {
    if (!reason?.trim()) fail('hide needs --reason: its author is shown it');
    const hidden = await hideReview(store, id, reason.trim(), step);
    return hidden ? `hidden ${id} (by ${hidden.authorHandle}): ${reason.trim()}` : fail(`no review ${id}`);
  }
  if (command === 'restore') return (await restoreReview(store, id, step)) ? `restored ${id}` : fail(`no review ${id}`);
  const closed = await dismissReports(store, id, step);
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
  const store = await openReviewStore(config, openDataDir(config.dataDir));
  try {
    process.stdout.write(`${await run(store, command, id, parsed.values.reason)}\n`);
  } finally {
    await store.close();
  }
}

main().catch((err) => {
  process.stderr.write(`error: ${(err as Error).message}\n`);
  process.exit(err instanceof CliError ? err.status : 1);
});
