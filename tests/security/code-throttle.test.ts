// The wrong-code budget of two-step sign-in (lib/identity/second-factor/code-throttle.ts): per account from every
// address, five free, then doubling waits; only a right code clears it.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { limitStoreOn } from '@/lib/limits';
import { memoryEngine } from '@/lib/limits/memory';
import { CodeThrottle } from '@/lib/identity/second-factor/code-throttle';

const t0 = 7_000_000;
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(t0);
});
afterEach(() => vi.useRealTimers());

describe('wrong second-factor codes', () => {
  it('cost nothing five times, then make the account wait 1 s, 2 s, ..., and a right code clears the count', async () => {
    const codes = new CodeThrottle(limitStoreOn(memoryEngine()));
    for (let i = 0; i < 5; i++) await codes.failed('user-a');
    expect(await codes.waitMs('user-a')).toBe(0);
    await codes.failed('user-a');
    expect(await codes.waitMs('user-a')).toBe(1000);
    await codes.failed('user-a');
    expect(await codes.waitMs('user-a')).toBe(2000);
    expect(await codes.waitMs('user-b')).toBe(0);
    await codes.succeeded('user-a');
    expect(await codes.waitMs('user-a')).toBe(0);
  });

  it('are forgotten an hour after the last one, not before, and wait at most 15 minutes', async () => {
    const codes = new CodeThrottle(limitStoreOn(memoryEngine()));
    for (let i = 0; i < 30; i++) await codes.failed('user-c');
    expect(await codes.waitMs('user-c')).toBe(15 * 60_000);
    vi.setSystemTime(t0 + 59 * 60_000);
    expect(await codes.waitMs('user-c')).toBe(0);
    await codes.failed('user-c');
    vi.setSystemTime(t0 + 59 * 60_000 + 1000);
    expect(await codes.waitMs('user-c')).toBe(15 * 60_000 - 1000);
    vi.setSystemTime(t0 + 120 * 60_000);
    await codes.failed('user-c');
    expect(await codes.waitMs('user-c')).toBe(0);
  });

  it('take their numbers from the caller when given', async () => {
    const codes = new CodeThrottle(limitStoreOn(memoryEngine()), { freeFailures: 1, maxDelayMs: 3000, windowMs: 60_000 });
    await codes.failed('user-d');
    expect(await codes.waitMs('user-d')).toBe(0);
    for (let i = 0; i < 5; i++) await codes.failed('user-d');
    expect(await codes.waitMs('user-d')).toBe(3000);
  });
});
