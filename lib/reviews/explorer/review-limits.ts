import { HttpError } from '@/lib/http/http-error';
import type { LimitRule, LimitStore } from '@/lib/limits';
import { REVIEWS_PER_DAY } from '../write-review';

/** Writes of reviews, comments and reports from one address (its /64 for IPv6) an hour: a household or a campground's Wi-Fi, not a script. */
export const REVIEW_WRITES_PER_ADDRESS: LimitRule = { name: 'review-writes-address', points: 60, durationSec: 3600 };

/**
 * New reviews one person may write a day, counted when written: a deleted review does not give its place back, and
 * two requests at once are counted one after the other (the store's count of reviews kept is checked as well).
 */
export const NEW_REVIEWS_PER_PERSON: LimitRule = { name: 'new-reviews-person', points: REVIEWS_PER_DAY, durationSec: 86_400 };

/** Comments one person may write a day. */
export const COMMENTS_PER_PERSON: LimitRule = { name: 'review-comments-person', points: 50, durationSec: 86_400 };

function refuse(message: string, retryAfterSeconds: number): never {
  const wait = String(retryAfterSeconds);
  throw new HttpError(429, 'rate_limited', message, { headers: { 'retry-after': wait } });
}

/** Counts one write from the address, or refuses it (429 with Retry-After). */
export async function spendAddressWrite(limits: LimitStore | undefined, address: string): Promise<void> {
  if (!limits) return;
  const verdict = await limits.limiter(REVIEW_WRITES_PER_ADDRESS).consume(address);
  if (!verdict.allowed) refuse('Too many reviews and comments from this network in an hour: try again later.', verdict.retryAfterSeconds);
}

/**
 * Counts one of the person's writes under the rule, or refuses it; `giveBack` returns the point when the write was then
 * refused for another reason (a review that was not valid is not one of the day's).
 */
export async function spendPersonWrite(limits: LimitStore | undefined, rule: LimitRule, personId: string, what: 'reviews' | 'comments' | 'photos'): Promise<{ giveBack(): Promise<void> }> {
  if (!limits) return { giveBack: async () => undefined };
  const limiter = limits.limiter(rule);
  const verdict = await limiter.consume(personId);
  if (!verdict.allowed) {
    const done = what === 'photos' ? `added ${rule.points} photos` : `written ${rule.points} ${what}`;
    refuse(`You have ${done} in the last 24 hours, the most a day: try again tomorrow.`, verdict.retryAfterSeconds);
  }
  return { giveBack: () => limiter.reward(personId) };
}
