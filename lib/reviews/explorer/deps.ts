import { lookup } from '@/lib/core/registry';
import { LIMIT_STORE, type LimitStore } from '@/lib/limits';
import { reviewStore } from '../store-registry';
import type { ReviewDeps } from './service';

/** The review store and the limit store the server opened, on the system clock. */
export function reviewDeps(): ReviewDeps {
  return { store: reviewStore(), now: () => new Date(), limits: lookup<LimitStore>(LIMIT_STORE) };
}
