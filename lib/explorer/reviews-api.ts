import type { ReviewView } from '@/lib/reviews/explorer/review-view';
import type { RvDetails } from '@/lib/reviews/review-input';
import { ExplorerApiError, sendJson } from './fetch-json';
import { tooLargeForAPhoto } from '@/lib/photos/sizes';

/** A refusal of the review handlers, with the sentence for each field it names and, on a 409, the review as it is now. */
export class ReviewRequestError extends ExplorerApiError {
  constructor(
    status: number,
    code: string,
    message: string,
    readonly fields: Record<string, string>,
    readonly current: ReviewView | null,
  ) {
    super(status, code, message);
  }
}

export interface ReviewDraft {
  rating: number;
  text: string;
  visitedOn: string;
  rv?: RvDetails;
}

async function send<T>(url: string, method: string, body?: unknown): Promise<T> {
  const answer = await sendJson<{ data?: T; error?: { code?: string; message?: string }; fields?: Record<string, string>; review?: ReviewView }>(url, method, body);
  if (answer.status === 204) return undefined as T;
  const data = answer.body;
  if (answer.ok && data?.data) return data.data;
  throw new ReviewRequestError(
    answer.status,
    data?.error?.code ?? 'error',
    data?.error?.message ?? `The server answered ${answer.status}.`,
    data?.fields ?? {},
    data?.review ?? null,
  );
}

export const writeReview = (placeId: number, draft: ReviewDraft) => send<ReviewView>(`/api/places/${placeId}/reviews`, 'POST', draft);

export const editReview = (id: string, version: number, draft: ReviewDraft) => send<ReviewView>(`/api/reviews/${encodeURIComponent(id)}`, 'PATCH', { version, ...draft });

export const deleteReview = (id: string) => send<void>(`/api/reviews/${encodeURIComponent(id)}`, 'DELETE');

export const reportReview = (id: string, reason: string, note: string) => send<{ reported: true }>(`/api/reviews/${encodeURIComponent(id)}/reports`, 'POST', { reason, note });

export const commentOnReview = (id: string, text: string) => send<ReviewView>(`/api/reviews/${encodeURIComponent(id)}/comments`, 'POST', { text });

/** What the photo inputs offer: what the server decodes (a phone's HEIC included). */
export const PHOTO_TYPES = 'image/jpeg,image/png,image/webp,image/heic,image/heif,.heic,.heif';

export const reportPhoto = (id: string, reason: string, note: string) => send<{ reported: true }>(`/api/photos/${encodeURIComponent(id)}/reports`, 'POST', { reason, note });

export const removePhoto = (id: string) => send<void>(`/api/photos/${encodeURIComponent(id)}`, 'DELETE');

/** Sends a photo of a place (of one of the sender's reviews of it) as a multipart form; the server re-encodes it and strips its metadata. */
export async function uploadPlacePhoto(placeId: number, file: File, reviewId?: string): Promise<{ id: string }> {
  // A file the server would refuse is not sent at all (a phone's upload of 50 MB takes minutes).
  const tooLarge = tooLargeForAPhoto(file.size);
  if (tooLarge) throw new ExplorerApiError(413, 'payload_too_large', tooLarge);
  const form = new FormData();
  form.set('photo', file);
  if (reviewId) form.set('review', reviewId);
  let response: Response;
  try {
    response = await fetch(`/api/places/${placeId}/photos`, { method: 'POST', headers: { accept: 'application/json' }, body: form });
  } catch {
    throw new ExplorerApiError(0, 'network', 'Could not reach the server. Check your connection.');
  }
  const data = (await response.json().catch(() => null)) as { data?: { id: string }; error?: { code?: string; message?: string } } | null;
  if (response.ok && data?.data) return data.data;
  throw new ExplorerApiError(response.status, data?.error?.code ?? 'error', data?.error?.message ?? `The server answered ${response.status}.`);
}
