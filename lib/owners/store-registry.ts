import { lookup } from '@/lib/core/registry';
import { LIMIT_STORE, type LimitStore } from '@/lib/limits';
import { HttpError } from '@/lib/http/http-error';
import { placeRecords } from '@/lib/places/place-records';
import type { OwnerDeps } from './service';
import type { OwnerStore } from './store/types';

export const OWNERS_STORE = 'owners.store';

/** The store the owners subsystem opened at start-up (route handlers and pages run in Next's bundles, beside it). */
export function ownerStore(): OwnerStore {
  const store = lookup<OwnerStore>(OWNERS_STORE);
  if (!store) throw new HttpError(503, 'unavailable', 'Listings cannot be kept right now.');
  return store;
}

/** The owner store, the Place API's records and the limit store the server opened, on the system clock. */
export function ownerDeps(): OwnerDeps {
  const places = placeRecords();
  if (!places) throw new HttpError(503, 'unavailable', 'Listings cannot be kept right now: the places are not loaded.');
  return { store: ownerStore(), places, now: () => new Date(), limits: lookup<LimitStore>(LIMIT_STORE) };
}
