import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RateLimiter } from '@/lib/server/rate-limit';

function clock(start = 1_000_000) {
  let t = start;
  return { now: () => t, advance: (ms: number) => (t += ms) };
}

describe('RateLimiter (token bucket per key)', () => {
  it('allows a burst up to the capacity, then refuses with the seconds until one token is back', () => {
    const c = clock();
    const limiter = new RateLimiter({ capacity: 3, refillPerSecond: 0.5, now: c.now });
    expect([1, 2, 3].map(() => limiter.take('a').allowed)).toEqual([true, true, true]);
    expect(limiter.take('a')).toEqual({ allowed: false, retryAfterSeconds: 2 });
    c.advance(1999);
    expect(limiter.take('a').allowed).toBe(false);
    c.advance(1);
    expect(limiter.take('a').allowed).toBe(true);
  });

  it('keeps keys apart', () => {
    const c = clock();
    const limiter = new RateLimiter({ capacity: 1, refillPerSecond: 1, now: c.now });
    expect(limiter.take('a').allowed).toBe(true);
    expect(limiter.take('a').allowed).toBe(false);
    expect(limiter.take('b').allowed).toBe(true);
  });

  it('never refills above the capacity after a long idle time', () => {
    const c = clock();
    const limiter = new RateLimiter({ capacity: 2, refillPerSecond: 10, now: c.now });
    limiter.take('a');
    c.advance(3_600_000);
    expect([1, 2, 3].map(() => limiter.take('a').allowed)).toEqual([true, true, false]);
  });

  it('rounds Retry-After up to at least one second', () => {
    const c = clock();
    const limiter = new RateLimiter({ capacity: 1, refillPerSecond: 100, now: c.now });
    limiter.take('a');
    expect(limiter.take('a')).toEqual({ allowed: false, retryAfterSeconds: 1 });
  });

  it('forgets a key once its bucket is full again, and bounds the number of keys', () => {
    const c = clock();
    const limiter = new RateLimiter({ capacity: 2, refillPerSecond: 1, maxKeys: 100, now: c.now });
    for (let i = 0; i < 1000; i++) limiter.take(`k${i}`);
    expect(limiter.size).toBe(100);
    c.advance(1000);
    limiter.sweep();
    expect(limiter.size).toBe(0);
    limiter.take('a');
    c.advance(1000);
    limiter.take('a');
    expect(limiter.size).toBe(1);
  });

  it('evicts the least recently used key first', () => {
    const c = clock();
    const limiter = new RateLimiter({ capacity: 1, refillPerSecond: 0.001, maxKeys: 2, now: c.now });
    limiter.take('a');
    limiter.take('b');
    limiter.take('a');
    limiter.take('c');
    // b was evicted (starts full again); a is still empty.
    expect(limiter.take('a').allowed).toBe(false);
    expect(limiter.take('b').allowed).toBe(true);
  });

  it('refuses nonsense options and costs', () => {
    expect(() => new RateLimiter({ capacity: 0, refillPerSecond: 1 })).toThrow(RangeError);
    expect(() => new RateLimiter({ capacity: 1, refillPerSecond: 0 })).toThrow(RangeError);
    expect(() => new RateLimiter({ capacity: 1, refillPerSecond: Number.NaN })).toThrow(RangeError);
    expect(() => new RateLimiter({ capacity: 1, refillPerSecond: 1 }).take('a', 2)).toThrow(RangeError);
  });

  it('never lets more through than capacity + elapsed time x refill, for any request pattern', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 50 }),
        fc.double({ min: 0.1, max: 100, noNaN: true }),
        fc.array(fc.integer({ min: 0, max: 2000 }), { maxLength: 300 }),
        (capacity, refillPerSecond, gaps) => {
          const c = clock();
          const limiter = new RateLimiter({ capacity, refillPerSecond, now: c.now });
          let allowed = 0;
          let elapsed = 0;
          for (const gap of gaps) {
            c.advance(gap);
            elapsed += gap;
            const r = limiter.take('k');
            if (r.allowed) allowed++;
            else expect(r.retryAfterSeconds).toBeGreaterThanOrEqual(1);
          }
          expect(allowed).toBeLessThanOrEqual(capacity + (elapsed / 1000) * refillPerSecond + 1e-9);
        },
      ),
    );
  });

  it('a refused caller that waits Retry-After seconds is let through', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 20 }), fc.double({ min: 0.05, max: 50, noNaN: true }), (capacity, refillPerSecond) => {
        const c = clock();
        const limiter = new RateLimiter({ capacity, refillPerSecond, now: c.now });
        let r = limiter.take('k');
        while (r.allowed) r = limiter.take('k');
        c.advance(r.retryAfterSeconds * 1000);
        expect(limiter.take('k').allowed).toBe(true);
      }),
    );
  });
});
