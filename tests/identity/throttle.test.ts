import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { limitStoreOn } from '@/lib/limits';
import { memoryEngine } from '@/lib/limits/memory';
import { hashPassword, verifyPassword } from '@/lib/identity/passwords';
import { LOGIN_LIMITS, LoginThrottle, type ThrottleLimits } from '@/lib/identity/throttle';

// The throttle reads time from its store (the memory engine here: Date.now), so the clock is set, not passed.
describe('login throttle', () => {
  const t0 = 1_000_000;
  const limits = (changes: Partial<ThrottleLimits> = {}): ThrottleLimits => ({ ...LOGIN_LIMITS, ...changes });
  const throttleWith = (l: ThrottleLimits = LOGIN_LIMITS) => new LoginThrottle(limitStoreOn(memoryEngine()), l);
  const at = (t: number) => vi.setSystemTime(t);
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    at(t0);
  });
  afterEach(() => vi.useRealTimers());

  it('lets a few failures of one account from one address through, then doubles the wait', async () => {
    const throttle = throttleWith(limits({ accountAtAddress: { freeFailures: 3, maxDelayMs: 8000, windowMs: 60_000 } }));
    for (let i = 0; i < 3; i++) await throttle.failed('id:dan', '10.0.0.1');
    expect(await throttle.accountWaitMs('id:dan', '10.0.0.1')).toBe(0);
    await throttle.failed('id:dan', '10.0.0.1');
    expect(await throttle.accountWaitMs('id:dan', '10.0.0.1')).toBe(1000);
    at(t0 + 1000);
    await throttle.failed('id:dan', '10.0.0.1');
    expect(await throttle.accountWaitMs('id:dan', '10.0.0.1')).toBe(2000);
    for (let i = 0; i < 5; i++) await throttle.failed('id:dan', '10.0.0.1');
    expect(await throttle.accountWaitMs('id:dan', '10.0.0.1')).toBe(8000);
    // Another address is not slowed by this pair, nor is another account.
    expect(await throttle.accountWaitMs('id:dan', '10.0.0.3')).toBe(0);
    expect(await throttle.accountWaitMs('id:someone-else', '10.0.0.1')).toBe(0);
    await throttle.succeeded('id:dan', '10.0.0.1');
    expect(await throttle.accountWaitMs('id:dan', '10.0.0.1')).toBe(0);
  });

  it('slows one address trying many accounts, and forgets after the window', async () => {
    const throttle = throttleWith(limits({ address: { freeFailures: 3, maxDelayMs: 8000, windowMs: 60_000 } }));
    for (let i = 0; i < 4; i++) await throttle.failed(`name:user${i}`, '10.0.0.9');
    expect(await throttle.addressWaitMs('10.0.0.9')).toBe(1000);
    expect(await throttle.addressWaitMs('10.0.0.8')).toBe(0);
    at(t0 + 61_000);
    expect(await throttle.addressWaitMs('10.0.0.9')).toBe(0);
  });

  it('keeps counting while failures keep coming: a budget is forgotten a window after the last one, not the first', async () => {
    const throttle = throttleWith(limits({ address: { freeFailures: 3, maxDelayMs: 8000, windowMs: 60_000 } }));
    for (let i = 0; i < 4; i++) {
      at(t0 + i * 50_000);
      await throttle.failed(`name:user${i}`, '10.0.0.9');
    }
    expect(await throttle.addressWaitMs('10.0.0.9')).toBe(1000);
  });

  it('slows guesses at one account from many addresses, but never past a minute, and not for an address that signed in', async () => {
    const throttle = throttleWith();
    await throttle.succeeded('id:dan', '192.0.2.10');
    let now = t0;
    for (let i = 0; i < 1000; i++) {
      const address = `198.51.${i >> 8}.${i & 255}`;
      now += await throttle.accountWaitMs('id:dan', address);
      at(now);
      await throttle.failed('id:dan', address);
      if (i >= 10) expect(await throttle.accountWaitMs('id:dan', `203.0.113.${i & 255}`)).toBeGreaterThan(0);
      expect(await throttle.accountWaitMs('id:dan', '203.0.113.1')).toBeLessThanOrEqual(60_000);
      expect(await throttle.accountWaitMs('id:dan', '192.0.2.10')).toBe(0);
    }
  });

  it('allows fewer than 100 failed guesses an hour at one account (OWASP ASVS 2.2.1)', async () => {
    for (const spread of [true, false]) {
      const throttle = throttleWith();
      let now = t0;
      at(now);
      let guesses = 0;
      for (let i = 0; now < t0 + 60 * 60_000; i++) {
        const address = spread ? `198.51.${i >> 8}.${i & 255}` : '198.51.100.1';
        const wait = Math.max(await throttle.addressWaitMs(address), await throttle.accountWaitMs('id:dan', address));
        if (wait > 0) {
          now += wait;
          at(now);
          continue;
        }
        await throttle.failed('id:dan', address);
        guesses += 1;
      }
      expect(guesses).toBeLessThan(100);
    }
  });
});

describe('password hashes', () => {
  it('are salted scrypt and verify only the right password', async () => {
    const a = await hashPassword('correct horse');
    const b = await hashPassword('correct horse');
    expect(a).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword('correct horse', a)).toBe(true);
    expect(await verifyPassword('correct horse!', a)).toBe(false);
    expect(await verifyPassword('correct horse', 'md5$abc')).toBe(false);
  });
});
