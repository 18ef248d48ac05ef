import { lookup } from '@/lib/core/registry';
import { LIMIT_STORE, type LimitStore } from '@/lib/limits';
import { placeOwnerLookup } from '../place-owner';
import { reviewStore } from '../store-registry';
import type { ReviewDeps } from './service';

/**
 * The review store, the limit store and the places' owners the server opened, on the system clock; `more` from the
 * request (the caller's scope).
 */
export function reviewDeps(more: Pick<ReviewDeps, 'placeVisible'> = {}): ReviewDeps {
  return { store: reviewStore(), now: () => new Date(), limits: lookup<LimitStore>(LIMIT_STORE), ownerOf: placeOwnerLookup(), ...more };
}
