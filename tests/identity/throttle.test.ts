import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from '@/lib/identity/passwords';
import { LoginThrottle } from '@/lib/identity/throttle';

describe('login throttle', () => {
  const limits = { freeFailures: 3, maxDelayMs: 8000, windowMs: 60_000 };

  it('lets a few failures through, then doubles the wait per account', () => {
    const throttle = new LoginThrottle(limits, { ...limits, freeFailures: 100 });
    const t0 = 1_000_000;
    for (let i = 0; i < 3; i++) throttle.failed('Dan', '10.0.0.1', t0);
    expect(throttle.waitMs('dan', '10.0.0.2', t0)).toBe(0);
    throttle.failed('dan', '10.0.0.1', t0);
    expect(throttle.waitMs('DAN', '10.0.0.3', t0)).toBe(1000);
    throttle.failed('dan', '10.0.0.1', t0 + 1000);
    expect(throttle.waitMs('dan', '10.0.0.3', t0 + 1000)).toBe(2000);
    for (let i = 0; i < 5; i++) throttle.failed('dan', '10.0.0.1', t0 + 1000);
    expect(throttle.waitMs('dan', '10.0.0.3', t0 + 1000)).toBe(8000);
    expect(throttle.waitMs('someone-else', '10.0.0.3', t0)).toBe(0);
    throttle.succeeded('dan');
    expect(throttle.waitMs('dan', '10.0.0.3', t0 + 1000)).toBe(0);
  });

  it('slows one address trying many accounts, and forgets after the window', () => {
    const throttle = new LoginThrottle({ ...limits, freeFailures: 100 }, limits);
    const t0 = 5_000_000;
    for (let i = 0; i < 4; i++) throttle.failed(`user${i}`, '10.0.0.9', t0);
    expect(throttle.waitMs('fresh-user', '10.0.0.9', t0)).toBe(1000);
    expect(throttle.waitMs('fresh-user', '10.0.0.8', t0)).toBe(0);
    expect(throttle.waitMs('fresh-user', '10.0.0.9', t0 + 61_000)).toBe(0);
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
