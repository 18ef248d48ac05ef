import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { limitStoreOn } from '@/lib/limits';
import { memoryEngine } from '@/lib/limits/memory';
import { perMinuteRule } from '@/lib/server/rate-limit';

const store = () => limitStoreOn(memoryEngine());

describe('perMinuteRule (a per-minute rate as a fixed window)', () => {
  it('lets the burst through per window of the matching length', () => {
    expect(perMinuteRule('a', 600, 10)).toEqual({ name: 'a', points: 100, durationSec: 10 });
    expect(perMinuteRule('a', 120, 30)).toEqual({ name: 'a', points: 60, durationSec: 30 });
    expect(perMinuteRule('a', 1, 30)).toEqual({ name: 'a', points: 1, durationSec: 60 });
    expect(perMinuteRule('a', 6, 30)).toEqual({ name: 'a', points: 3, durationSec: 30 });
  });

  it('never sets a sustained rate above the one asked for', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000_000 }), fc.integer({ min: 1, max: 60 }), (perMinute, burst) => {
        const rule = perMinuteRule('a', perMinute, burst);
        expect(rule.durationSec).toBeGreaterThanOrEqual(1);
        // Rounding the window to whole seconds may shift the rate by at most half a second's worth of a window.
        expect((rule.points * 60) / rule.durationSec).toBeLessThanOrEqual(Math.max(perMinute, 60) * (1 + 0.5 / rule.durationSec) + 1e-9);
      }),
    );
  });

  it('refuses nonsense rates and rules', () => {
    expect(() => perMinuteRule('a', 0, 10)).toThrow(RangeError);
    expect(() => perMinuteRule('a', Number.NaN, 10)).toThrow(RangeError);
    expect(() => store().limiter({ name: 'A b', points: 1, durationSec: 1 })).toThrow(RangeError);
    expect(() => store().limiter({ name: 'a', points: 1, durationSec: 0.5 })).toThrow(RangeError);
  });
});

describe('a limiter of the limit store (memory engine)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(1_000_000);
  });
  afterEach(() => vi.useRealTimers());

  it('allows the window\'s points, then refuses with the seconds until the window ends', async () => {
    const limiter = store().limiter({ name: 'a', points: 3, durationSec: 4 });
    const verdicts = [];
    for (let i = 0; i < 4; i++) verdicts.push(await limiter.consume('k'));
    expect(verdicts.map((v) => v.allowed)).toEqual([true, true, true, false]);
    expect(verdicts[3]).toMatchObject({ allowed: false, retryAfterSeconds: 4 });
    vi.setSystemTime(1_000_000 + 3500);
    expect(await limiter.consume('k')).toMatchObject({ allowed: false, retryAfterSeconds: 1 });
    vi.setSystemTime(1_000_000 + 4000);
    expect((await limiter.consume('k')).allowed).toBe(true);
  });

  it('keeps keys and rules apart', async () => {
    const limits = store();
    const a = limits.limiter({ name: 'a', points: 1, durationSec: 1 });
    expect((await a.consume('x')).allowed).toBe(true);
    expect((await a.consume('x')).allowed).toBe(false);
    expect((await a.consume('y')).allowed).toBe(true);
    expect((await limits.limiter({ name: 'b', points: 1, durationSec: 1 }).consume('x')).allowed).toBe(true);
    expect(limits.limiter({ name: 'a', points: 1, durationSec: 1 })).toBe(a);
  });

  it('a refused caller that waits Retry-After seconds is let through', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 20 }), fc.integer({ min: 1, max: 60 }), async (points, durationSec) => {
        const limiter = store().limiter({ name: 'p', points, durationSec });
        let v = await limiter.consume('k');
        while (v.allowed) v = await limiter.consume('k');
        vi.setSystemTime(Date.now() + v.retryAfterSeconds * 1000);
        expect((await limiter.consume('k')).allowed).toBe(true);
      }),
    );
  });
});
