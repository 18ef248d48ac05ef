// A wrong second-factor code also counts on the account's login budgets (lib/identity/second-factor/check-code.ts):
// whoever guesses codes is slowed at the password step too, and a right code does not clear them.
import { describe, expect, it } from 'vitest';
import { checkCode } from '@/lib/identity/second-factor/check-code';
import { CodeThrottle } from '@/lib/identity/second-factor/code-throttle';
import { LoginThrottle, type ThrottleLimits } from '@/lib/identity/throttle';
import { limitStoreOn } from '@/lib/limits';
import { memoryEngine } from '@/lib/limits/memory';

const HOUR = 60 * 60_000;
const budget = (freeFailures: number) => ({ freeFailures, firstDelayMs: 10 * 60_000, maxDelayMs: HOUR, windowMs: HOUR });

describe('a wrong second-factor code', () => {
  it('counts on the account at this address and on the account from everywhere', async () => {
    const limits = limitStoreOn(memoryEngine());
    const throttle = new LoginThrottle(limits, { address: budget(100), accountAtAddress: budget(1), account: budget(1), knownAddressMs: HOUR } satisfies ThrottleLimits);
    const deps = { totp: { verify: async (_id: string, code: string) => (code === '111111' ? ('otp' as const) : null) }, codeThrottle: new CodeThrottle(limits, budget(100)), throttle };
    expect(await throttle.accountWaitMs('id:ann', '203.0.113.9')).toBe(0);
    for (let i = 0; i < 2; i++) expect(await checkCode(deps, 'ann', '000000', '203.0.113.9')).toEqual({ ok: false, waitMs: 0 });
    expect(await throttle.accountWaitMs('id:ann', '203.0.113.9')).toBeGreaterThan(0);
    expect(await throttle.accountWaitMs('id:ann', '198.51.100.9')).toBeGreaterThan(0);
    expect(await checkCode(deps, 'ann', '111111', '203.0.113.9')).toEqual({ ok: true });
    expect(await throttle.accountWaitMs('id:ann', '198.51.100.9')).toBeGreaterThan(0);
  });
});
