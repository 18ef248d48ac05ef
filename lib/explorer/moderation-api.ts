import type { AuthorTold, ModeratedReview } from '@/lib/reviews/explorer/moderation';
import { ExplorerApiError, sendJson } from './fetch-json';
import type { ApiErrorBody } from './types';

export type ModerationAction = { action: 'hide'; reason: string } | { action: 'restore' } | { action: 'dismiss' };

/** A moderator's decision on a review; the review as it is now and what its author was told (null: nothing). */
export async function moderate(reviewId: string, action: ModerationAction): Promise<{ review: ModeratedReview; told: AuthorTold }> {
  const sent = await sendJson<{ data: { review: ModeratedReview; told: AuthorTold } } & Partial<ApiErrorBody>>(`/api/moderation/reviews/${encodeURIComponent(reviewId)}`, 'POST', action);
  if (sent.ok && sent.body?.data) return sent.body.data;
  throw new ExplorerApiError(sent.status, sent.body?.error?.code ?? 'error', sent.body?.error?.message ?? `The server answered ${sent.status}.`);
}
