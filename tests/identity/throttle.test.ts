import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from '@/lib/identity/passwords';
import { LOGIN_LIMITS, LoginThrottle, type ThrottleLimits } from '@/lib/identity/throttle';

describe('login throttle', () => {
  const t0 = 1_000_000;
  const limits = (changes: Partial<ThrottleLimits> = {}): ThrottleLimits => ({ ...LOGIN_LIMITS, ...changes });

  it('lets a few failures of one account from one address through, then doubles the wait', () => {
    const throttle = new LoginThrottle(limits({ accountAtAddress: { freeFailures: 3, maxDelayMs: 8000, windowMs: 60_000 } }));
    for (let i = 0; i < 3; i++) throttle.failed('id:dan', '10.0.0.1', t0);
    expect(throttle.accountWaitMs('id:dan', '10.0.0.1', t0)).toBe(0);
    throttle.failed('id:dan', '10.0.0.1', t0);
    expect(throttle.accountWaitMs('id:dan', '10.0.0.1', t0)).toBe(1000);
    throttle.failed('id:dan', '10.0.0.1', t0 + 1000);
    expect(throttle.accountWaitMs('id:dan', '10.0.0.1', t0 + 1000)).toBe(2000);
    for (let i = 0; i < 5; i++) throttle.failed('id:dan', '10.0.0.1', t0 + 1000);
    expect(throttle.accountWaitMs('id:dan', '10.0.0.1', t0 + 1000)).toBe(8000);
    // Another address is not slowed by this pair, nor is another account.
    expect(throttle.accountWaitMs('id:dan', '10.0.0.3', t0 + 1000)).toBe(0);
    expect(throttle.accountWaitMs('id:someone-else', '10.0.0.1', t0)).toBe(0);
    throttle.succeeded('id:dan', '10.0.0.1', t0 + 1000);
    expect(throttle.accountWaitMs('id:dan', '10.0.0.1', t0 + 1000)).toBe(0);
  });

  it('slows one address trying many accounts, and forgets after the window', () => {
    const throttle = new LoginThrottle(limits({ address: { freeFailures: 3, maxDelayMs: 8000, windowMs: 60_000 } }));
    for (let i = 0; i < 4; i++) throttle.failed(`name:user${i}`, '10.0.0.9', t0);
    expect(throttle.addressWaitMs('10.0.0.9', t0)).toBe(1000);
    expect(throttle.addressWaitMs('10.0.0.8', t0)).toBe(0);
    expect(throttle.addressWaitMs('10.0.0.9', t0 + 61_000)).toBe(0);
  });

  it('slows guesses at one account from many addresses, but never past a minute, and not for an address that signed in', () => {
    const throttle = new LoginThrottle();
    throttle.succeeded('id:dan', '192.0.2.10', t0);
    let now = t0;
    for (let i = 0; i < 1000; i++) {
      const address = `198.51.${i >> 8}.${i & 255}`;
      now += throttle.accountWaitMs('id:dan', address, now);
      throttle.failed('id:dan', address, now);
      if (i >= 10) expect(throttle.accountWaitMs('id:dan', `203.0.113.${i & 255}`, now)).toBeGreaterThan(0);
      expect(throttle.accountWaitMs('id:dan', '203.0.113.1', now)).toBeLessThanOrEqual(60_000);
      expect(throttle.accountWaitMs('id:dan', '192.0.2.10', now)).toBe(0);
    }
  });

  it('allows fewer than 100 failed guesses an hour at one account (OWASP ASVS 2.2.1)', () => {
    for (const spread of [true, false]) {
      const throttle = new LoginThrottle();
      let now = t0;
      let guesses = 0;
      for (let i = 0; now < t0 + 60 * 60_000; i++) {
        const address = spread ? `198.51.${i >> 8}.${i & 255}` : '198.51.100.1';
        const wait = Math.max(throttle.addressWaitMs(address, now), throttle.accountWaitMs('id:dan', address, now));
        if (wait > 0) {
          now += wait;
          continue;
        }
        throttle.failed('id:dan', address, now);
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
