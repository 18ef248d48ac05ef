// The login throttle's arithmetic and bookkeeping, pinned where the mutation run found it loose
// (lib/identity/throttle.ts): the wait shrinks as time passes, the exponent's cap, how long a known address stays
// exempt, and which budget a refusal is counted under on /metrics.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { limitStoreOn } from '@/lib/limits';
import { memoryEngine } from '@/lib/limits/memory';
import { LOGIN_LIMITS, LoginThrottle, type ThrottleLimits } from '@/lib/identity/throttle';
import { throttleRefusals } from '@/lib/metrics/metrics';

const t0 = 5_000_000;
const at = (t: number) => vi.setSystemTime(t);
const throttleWith = (changes: Partial<ThrottleLimits> = {}) => new LoginThrottle(limitStoreOn(memoryEngine()), { ...LOGIN_LIMITS, ...changes });
const small = { freeFailures: 2, maxDelayMs: 8000, windowMs: 60_000 };
const refusals = async (budget: string) => (await throttleRefusals.get()).values.find((v) => v.labels.budget === budget)?.value ?? 0;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  at(t0);
});
afterEach(() => vi.useRealTimers());

describe('login throttle delays', () => {
  it('counts the wait from the last failure: it shrinks as time passes and never goes below zero', async () => {
    const throttle = throttleWith({ address: small });
    for (let i = 0; i < 4; i++) await throttle.failed(`name:u${i}`, '10.1.0.1');
    // Two failures over the free ones: 2 s from the last failure.
    expect(await throttle.addressWaitMs('10.1.0.1')).toBe(2000);
    at(t0 + 700);
    expect(await throttle.addressWaitMs('10.1.0.1')).toBe(1300);
    at(t0 + 2000);
    expect(await throttle.addressWaitMs('10.1.0.1')).toBe(0);
    at(t0 + 30_000);
    expect(await throttle.addressWaitMs('10.1.0.1')).toBe(0);
  });

  it('doubles the wait with each failure up to 2^30 s, then no further, when no smaller ceiling is set', async () => {
    const throttle = throttleWith({ address: { freeFailures: 1, maxDelayMs: Number.MAX_SAFE_INTEGER, windowMs: 60_000 } });
    await throttle.failed('name:x', '10.1.0.2');
    expect(await throttle.addressWaitMs('10.1.0.2')).toBe(0);
    await throttle.failed('name:x', '10.1.0.2');
    expect(await throttle.addressWaitMs('10.1.0.2')).toBe(1000);
    await throttle.failed('name:x', '10.1.0.2');
    expect(await throttle.addressWaitMs('10.1.0.2')).toBe(2000);
    for (let i = 2; i < 31; i++) await throttle.failed('name:x', '10.1.0.2');
    // 31 over the free one: 2^30 s.
    expect(await throttle.addressWaitMs('10.1.0.2')).toBe(1000 * 2 ** 30);
    for (let i = 0; i < 5; i++) await throttle.failed('name:x', '10.1.0.2');
    expect(await throttle.addressWaitMs('10.1.0.2')).toBe(1000 * 2 ** 30);
  });

  it('keeps an address that signed in exempt from the account-wide budget for knownAddressMs, then no longer', async () => {
    const throttle = throttleWith({ account: small, knownAddressMs: 120_000 });
    await throttle.succeeded('id:ada', '10.1.0.3');
    for (let i = 0; i < 3; i++) await throttle.failed('id:ada', `10.2.0.${i}`);
    expect(await throttle.accountWaitMs('id:ada', '10.1.0.3')).toBe(0);
    expect(await throttle.accountWaitMs('id:ada', '10.1.0.4')).toBe(1000);
    // Just before the exemption ends, fresh failures (the first ones have left the window): 3 over, 4 s.
    at(t0 + 119_000);
    for (let i = 0; i < 5; i++) await throttle.failed('id:ada', `10.2.1.${i}`);
    expect(await throttle.accountWaitMs('id:ada', '10.1.0.3')).toBe(0);
    expect(await throttle.accountWaitMs('id:ada', '10.1.0.4')).toBe(4000);
    at(t0 + 121_000);
    expect(await throttle.accountWaitMs('id:ada', '10.1.0.3')).toBe(2000);
  });

  it('clears only its own pair when an address signs in: the account-wide count stays', async () => {
    const throttle = throttleWith({ accountAtAddress: small, account: small });
    for (let i = 0; i < 3; i++) await throttle.failed('id:bo', '10.1.0.5');
    expect(await throttle.accountWaitMs('id:bo', '10.1.0.5')).toBe(1000);
    await throttle.succeeded('id:bo', '10.1.0.5');
    expect(await throttle.accountWaitMs('id:bo', '10.1.0.5')).toBe(0);
    expect(await throttle.accountWaitMs('id:bo', '10.1.0.6')).toBe(1000);
  });

  it('counts each refusal on /metrics under the budget that refused, and nothing when it lets the attempt through', async () => {
    const throttle = throttleWith({ address: small, accountAtAddress: small, account: { ...small, freeFailures: 4 } });
    const before = { address: await refusals('address'), pair: await refusals('account-address'), account: await refusals('account') };
    expect(await throttle.addressWaitMs('10.1.0.7')).toBe(0);
    expect(await throttle.accountWaitMs('id:cy', '10.1.0.7')).toBe(0);
    expect(await refusals('address')).toBe(before.address);
    expect(await refusals('account-address')).toBe(before.pair);
    expect(await refusals('account')).toBe(before.account);

    for (let i = 0; i < 3; i++) await throttle.failed('id:cy', '10.1.0.7');
    expect(await throttle.addressWaitMs('10.1.0.7')).toBe(1000);
    expect(await refusals('address')).toBe(before.address + 1);
    // The pair's wait (1 s) is the larger one: counted under the pair, not the account.
    expect(await throttle.accountWaitMs('id:cy', '10.1.0.7')).toBe(1000);
    expect(await refusals('account-address')).toBe(before.pair + 1);
    expect(await refusals('account')).toBe(before.account);

    // Other addresses push the account past its own budget: an address with a clean pair is refused by the account.
    for (let i = 0; i < 3; i++) await throttle.failed('id:cy', `10.3.0.${i}`);
    expect(await throttle.accountWaitMs('id:cy', '10.1.0.8')).toBe(2000);
    expect(await refusals('account')).toBe(before.account + 1);
    expect(await refusals('account-address')).toBe(before.pair + 1);
  });
});
