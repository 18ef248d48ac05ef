// Issue 35, finding 2: the reserving throttle counts each refusal under the budget that refused it
// (login_throttle_refusals_total), and nothing for an attempt it lets through.
import { describe, expect, it } from 'vitest';
import { LoginThrottle, type ThrottleLimits } from '@/lib/identity/throttle';
import { limitStoreOn } from '@/lib/limits';
import { memoryEngine } from '@/lib/limits/memory';
import { throttleRefusals } from '@/lib/metrics/metrics';

const HOUR = 60 * 60_000;
const budget = (freeFailures: number) => ({ freeFailures, firstDelayMs: 10 * 60_000, maxDelayMs: HOUR, windowMs: HOUR });
const limits: ThrottleLimits = { address: budget(3), accountAtAddress: budget(1), account: budget(1), knownAddressMs: HOUR };

async function refusals(): Promise<Record<string, number>> {
  const counted: Record<string, number> = {};
  for (const v of (await throttleRefusals.get()).values) counted[String(v.labels.budget)] = v.value;
  return counted;
}

async function counting<T>(act: () => Promise<T>): Promise<{ result: T; added: Record<string, number> }> {
  const before = await refusals();
  const result = await act();
  const after = await refusals();
  const added: Record<string, number> = {};
  for (const [name, n] of Object.entries(after)) if (n !== (before[name] ?? 0)) added[name] = n - (before[name] ?? 0);
  return { result, added };
}

describe('the login throttle’s refusal metric', () => {
  it('counts a refusal by the address budget as "address", and nothing for an attempt let through', async () => {
    const throttle = new LoginThrottle(limitStoreOn(memoryEngine()), limits);
    for (let i = 0; i < 4; i++) {
      const { result, added } = await counting(() => throttle.reserveAddress('203.0.113.1'));
      expect(result.waitMs).toBe(0);
      expect(added).toEqual({});
      await result.failed();
    }
    const { result, added } = await counting(() => throttle.reserveAddress('203.0.113.1'));
    expect(result.waitMs).toBeGreaterThan(0);
    expect(added).toEqual({ address: 1 });
  });

  it('counts a refusal by the account at this address as "account-address", and by the account from everywhere as "account"', async () => {
    const throttle = new LoginThrottle(limitStoreOn(memoryEngine()), limits);
    for (let i = 0; i < 2; i++) {
      const { result, added } = await counting(() => throttle.reserveAccount('id:ann', '198.51.100.1'));
      expect(result.waitMs).toBe(0);
      expect(added).toEqual({});
      await result.failed();
    }
    const pair = await counting(() => throttle.reserveAccount('id:ann', '198.51.100.1'));
    expect(pair.result.waitMs).toBeGreaterThan(0);
    expect(pair.added).toEqual({ 'account-address': 1 });
    await pair.result.refund();

    // From a second address the pair is fresh, and the account has had one failure past its free one.
    const account = await counting(() => throttle.reserveAccount('id:ann', '198.51.100.2'));
    expect(account.result.waitMs).toBeGreaterThan(0);
    expect(account.added).toEqual({ account: 1 });
    await account.result.refund();

    // An address that signed in to the account recently does not wait for the account-wide budget.
    await throttle.succeeded('id:ann', '198.51.100.3');
    const known = await counting(() => throttle.reserveAccount('id:ann', '198.51.100.3'));
    expect(known.result.waitMs).toBe(0);
    expect(known.added).toEqual({});
  });
});
