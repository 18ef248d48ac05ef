import { describe, expect, it } from 'vitest';
import type { LimitRule, LimitStore } from '@/lib/limits';
import { HttpError } from '@/lib/http/http-error';
import { personPlaceBudget } from '@/lib/trips/place-budget';

/** A limit store whose every count is refused, `retryAfterSeconds` from now. */
function refusing(retryAfterSeconds: number): LimitStore {
  return {
    limiter: (rule: LimitRule) => ({ rule, consume: async () => ({ allowed: false, retryAfterSeconds, consumedPoints: 0, remainingPoints: 0, msBeforeNext: retryAfterSeconds * 1000 }) }),
  } as unknown as LimitStore;
}

async function refusal(seconds: number): Promise<HttpError> {
  const error = await personPlaceBudget(refusing(seconds))('dan', 200).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(HttpError);
  return error as HttpError;
}

describe('a person’s budget of new places', () => {
  it('says how long to wait in words, "1 second" included', async () => {
    expect((await refusal(1)).message).toBe('Too many new places added in a short time: wait 1 second, then try again.');
    expect((await refusal(42)).message).toBe('Too many new places added in a short time: wait 42 seconds, then try again.');
  });
});
