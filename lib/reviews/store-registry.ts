import { lookup } from '@/lib/core/registry';
import { HttpError } from '@/lib/http/http-error';
import type { ReviewStore } from './store/types';

export const REVIEWS_STORE = 'reviews.store';

/** The store the reviews subsystem opened at start-up (route handlers and pages run in Next's bundles, beside it). */
export function reviewStore(): ReviewStore {
  const store = lookup<ReviewStore>(REVIEWS_STORE);
  if (!store) throw new HttpError(503, 'unavailable', 'Reviews are not available right now.');
  return store;
}
