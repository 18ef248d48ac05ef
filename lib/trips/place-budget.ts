import { HttpError } from '@/lib/http/http-error';
import { waitWords } from '@/lib/identity/wait-words';
import type { LimitStore } from '@/lib/limits';
import { LIMIT_STORE, type LimitRule } from '@/lib/limits/types';
import { lookup } from '@/lib/core/registry';

/**
 * New places one person may have looked up a minute when creating, editing or importing trips, whichever client
 * signs the lookups (their organization's, or the public one every map visitor shares): five trips of 200 new
 * places, at most 10 batched requests of that client a minute for one person.
 */
export const TRIP_PLACE_LOOKUPS_PER_MINUTE = 1000;

export const TRIP_PLACE_LOOKUPS: LimitRule = { name: 'trip-place-lookups', points: TRIP_PLACE_LOOKUPS_PER_MINUTE, durationSec: 60 };

/** Spends `places` of a person's budget, or refuses the change (429 with Retry-After) without looking anything up. */
export type PersonPlaceBudget = (personId: string, places: number) => Promise<void>;

export function personPlaceBudget(limits: LimitStore): PersonPlaceBudget {
  const limiter = limits.limiter(TRIP_PLACE_LOOKUPS);
  return async (personId, places) => {
    const verdict = await limiter.consume(personId, places);
    if (verdict.allowed) return;
    const wait = verdict.retryAfterSeconds;
    throw new HttpError(429, 'rate_limited', `Too many new places added in a short time: wait ${waitWords(wait)}, then try again.`, { headers: { 'retry-after': String(wait) } });
  };
}

/** The budget on the limit store the server opened; none when no server published one (a test of the service alone). */
export function publishedPlaceBudget(): PersonPlaceBudget | undefined {
  const limits = lookup<LimitStore>(LIMIT_STORE);
  return limits ? personPlaceBudget(limits) : undefined;
}
