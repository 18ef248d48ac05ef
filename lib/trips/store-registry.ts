import { HttpError } from '@/lib/http/http-error';
import { lookup } from '@/lib/core/registry';
import type { TripStore } from './store/types';

export const TRIPS_STORE = 'trips.store';

/** The store the trips subsystem opened at start-up (route handlers run in Next's bundles, beside it). */
export function tripStore(): TripStore {
  const store = lookup<TripStore>(TRIPS_STORE);
  if (!store) throw new HttpError(503, 'unavailable', 'Trips are not available right now.');
  return store;
}
