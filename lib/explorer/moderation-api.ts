import type { ClaimantTold, NamedClaim } from '@/lib/owners/claims-view';
import type { AuthorTold, ModeratedPhoto, ModeratedReview, ModerationQueue } from '@/lib/reviews/explorer/moderation';
import { ExplorerApiError, fetchJson, sendJson } from './fetch-json';
import type { ApiErrorBody } from './types';

export type ModerationAction = { action: 'hide'; reason: string } | { action: 'restore' } | { action: 'dismiss' };

async function decide<T>(url: string, action: ModerationAction | ClaimAnswer): Promise<T> {
  const sent = await sendJson<{ data: T } & Partial<ApiErrorBody>>(url, 'POST', action);
  if (sent.ok && sent.body?.data) return sent.body.data;
  throw new ExplorerApiError(sent.status, sent.body?.error?.code ?? 'error', sent.body?.error?.message ?? `The server answered ${sent.status}.`);
}

/** A moderator's decision on a review; the review as it is now and what its author was told (null: nothing). */
export const moderateReview = (id: string, action: ModerationAction) =>
  decide<{ review: ModeratedReview; told: AuthorTold }>(`/api/moderation/reviews/${encodeURIComponent(id)}`, action);

/** The reported and hidden reviews and photos as they are now. */
export const readModerationQueue = async () => (await fetchJson<{ data: ModerationQueue }>('/api/moderation')).data;

/** A moderator's decision on a photo, as on a review. */
export const moderatePhoto = (id: string, action: ModerationAction) => decide<{ photo: ModeratedPhoto; told: AuthorTold }>(`/api/moderation/photos/${encodeURIComponent(id)}`, action);

export type ClaimAnswer = { action: 'approve' } | { action: 'refuse'; reason: string };

/** A moderator's answer to an organization's claim on a place; the claim now and whether the member who asked was mailed. */
export const answerClaim = (id: string, answer: ClaimAnswer) =>
  decide<{ claim: NamedClaim; told: ClaimantTold }>(`/api/moderation/claims/${encodeURIComponent(id)}`, answer);
