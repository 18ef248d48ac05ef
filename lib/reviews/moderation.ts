import type { Review, ReviewStore } from './store/types';

/** What the author is told of a moderator's decision (the identity server's mail). */
export type ModerationNotice = { kind: 'hidden'; reason: string } | { kind: 'restored' };

export interface ModerationStep {
  /** Who acted: the operator's name at the command line, or an administrator's id. */
  by: string;
  now: string;
}

/**
 * Hides a review from the place, the API and the counts, with the reason its author is shown beside it; the reports
 * on it are closed. Null when the review is gone.
 */
export async function hideReview(store: ReviewStore, id: string, reason: string, step: ModerationStep): Promise<Review | null> {
  const hidden = await store.setHidden(id, { at: step.now, by: step.by, reason });
  if (hidden) await store.closeReports(id, step.now);
  return hidden;
}

/** Shows a hidden review again; its reports are closed too. */
export async function restoreReview(store: ReviewStore, id: string, step: ModerationStep): Promise<Review | null> {
  const restored = await store.setHidden(id, null);
  if (restored) await store.closeReports(id, step.now);
  return restored;
}

/** Leaves a reported review as it is and closes its reports: the count closed. */
export function dismissReports(store: ReviewStore, id: string, step: ModerationStep): Promise<number> {
  return store.closeReports(id, step.now);
}
