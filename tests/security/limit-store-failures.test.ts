// The limit store's wrapper around its engine (lib/limits/shared-limiter.ts), without Redis or PostgreSQL: an engine
// of memory limiters that can be made to fail, to hand back a value that is not a count, or to refuse from its own
// in-memory block. Pins the verdict at the limit, the fallback to this instance's memory while the store is lost
// (and the one probe a second), the repair of malformed values, and the hashing of long keys.
import { RateLimiterMemory, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { limitStoreOn } from '@/lib/limits';
import type { LimitEngine, LimitEngineName, LimitRule } from '@/lib/limits/types';
import { limitStoreFallbacks, limitStoreMalformed } from '@/lib/metrics/metrics';
import { logger } from '@/lib/core/logger';

interface Fault {
  /** Every operation throws this while set. */
  down: Error | null;
  /** The next operations (this many) throw this, then work. */
  once: { error: unknown; times: number } | null;
  health: true | string;
}

function fakeEngine(name: LimitEngineName = 'redis', slidesAtomically = false) {
  const fault: Fault = { down: null, once: null, health: true };
  const inner = new Map<string, RateLimiterMemory>();
  let calls = 0;
  const guard = () => {
    calls++;
    if (fault.down) throw fault.down;
    if (fault.once && fault.once.times > 0) {
      fault.once.times--;
      throw fault.once.error;
    }
  };
  const engine: LimitEngine = {
    name,
    describe: () => 'the fake store',
    slidesAtomically,
    limiter(rule: LimitRule) {
      const store = new RateLimiterMemory({ keyPrefix: `store-${rule.name}`, points: rule.points, duration: rule.durationSec });
      inner.set(rule.name, store);
      return new Proxy(store, {
        get(target, prop, receiver) {
          const value = Reflect.get(target, prop, receiver);
          if (!['consume', 'get', 'set', 'delete'].includes(String(prop))) return value;
          return async (...args: unknown[]) => {
            guard();
            return (value as (...a: unknown[]) => unknown).apply(target, args);
          };
        },
      }) as RateLimiterAbstract;
    },
    health: () => fault.health,
    stats: () => ({ fake_gauge: 1 }),
    close: async () => undefined,
  };
  return { engine, fault, inner, calls: () => calls };
}

const counter = async (metric: typeof limitStoreFallbacks, limit: string) => (await metric.get()).values.find((v) => v.labels.limit === limit)?.value ?? 0;
const t0 = 3_000_000;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(t0);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('limit store verdicts', () => {
  it('allows exactly the rule\'s points with what remains, then refuses with whole seconds to wait (at least 1)', async () => {
    const { engine } = fakeEngine();
    const limiter = limitStoreOn(engine).limiter({ name: 'verdict', points: 3, durationSec: 10 });
    const verdicts = [];
    for (let i = 0; i < 4; i++) verdicts.push(await limiter.consume('k'));
    expect(verdicts.slice(0, 3)).toEqual([
      { allowed: true, remaining: 2, consumed: 1, msBeforeNext: 10_000 },
      { allowed: true, remaining: 1, consumed: 2, msBeforeNext: 10_000 },
      { allowed: true, remaining: 0, consumed: 3, msBeforeNext: 10_000 },
    ]);
    expect(verdicts[3]).toEqual({ allowed: false, retryAfterSeconds: 10, consumed: 4, msBeforeNext: 10_000 });
    vi.setSystemTime(t0 + 9_999);
    expect(await limiter.consume('k')).toMatchObject({ allowed: false, retryAfterSeconds: 1 });
    // Several points at once count as several.
    expect(await limiter.consume('j', 3)).toMatchObject({ allowed: true, remaining: 0 });
    expect(await limiter.consume('i', 4)).toMatchObject({ allowed: false });
  });

  it('treats a refusal from the engine\'s own in-memory block, which carries no count, as over the limit', async () => {
    const { engine, fault } = fakeEngine();
    const limiter = limitStoreOn(engine).limiter({ name: 'blocked', points: 5, durationSec: 60 });
    fault.once = { error: new RateLimiterRes(0, 4200, 0), times: 1 };
    expect(await limiter.consume('k')).toEqual({ allowed: false, retryAfterSeconds: 5, consumed: 6, msBeforeNext: 4200 });
    // A refusal that carries its count keeps it.
    fault.once = { error: new RateLimiterRes(0, 800, 9), times: 1 };
    expect(await limiter.consume('k')).toEqual({ allowed: false, retryAfterSeconds: 1, consumed: 9, msBeforeNext: 800 });
  });

  it('reads nothing for a key never counted or whose window is over, and the count and time left otherwise', async () => {
    const { engine } = fakeEngine();
    const limiter = limitStoreOn(engine).limiter({ name: 'reads', points: 5, durationSec: 10 });
    expect(await limiter.get('k')).toBeNull();
    await limiter.consume('k');
    await limiter.consume('k');
    vi.setSystemTime(t0 + 4000);
    expect(await limiter.get('k')).toEqual({ consumed: 2, msBeforeNext: 6000 });
    vi.setSystemTime(t0 + 10_000);
    expect(await limiter.get('k')).toBeNull();
    await limiter.set('k', 4, 20);
    expect(await limiter.get('k')).toEqual({ consumed: 4, msBeforeNext: 20_000 });
    await limiter.delete('k');
    expect(await limiter.get('k')).toBeNull();
  });

  it('restarts a sliding rule\'s window at every consume when the engine does not do it itself', async () => {
    for (const atomic of [false, true]) {
      vi.setSystemTime(t0);
      const { engine } = fakeEngine('redis', atomic);
      const limiter = limitStoreOn(engine).limiter({ name: 'sliding', points: 2, durationSec: 60, sliding: true });
      await limiter.consume('k');
      vi.setSystemTime(t0 + 50_000);
      const second = await limiter.consume('k');
      // The wrapper restarts the window (60 s from now) unless the engine is trusted to: the fake one never does.
      expect(second).toMatchObject({ consumed: 2, msBeforeNext: atomic ? 10_000 : 60_000 });
      vi.setSystemTime(t0 + 70_000);
      expect((await limiter.get('k'))?.consumed ?? 0).toBe(atomic ? 0 : 2);
    }
  });

  it('keys a long key by its hash, so a visitor\'s long input fits the store and stays distinct', async () => {
    const { engine, inner } = fakeEngine();
    const limiter = limitStoreOn(engine).limiter({ name: 'keys', points: 1, durationSec: 60 });
    const hundred = 'a'.repeat(100);
    const longer = 'a'.repeat(101);
    await limiter.consume(hundred);
    await limiter.consume(longer);
    await limiter.consume(`${longer}b`);
    const store = inner.get('keys-1-60')!;
    expect((await store.get(hundred))?.consumedPoints).toBe(1);
    expect(await store.get(longer)).toBeNull();
    const { createHash } = await import('node:crypto');
    expect((await store.get(`sha256:${createHash('sha256').update(longer).digest('base64url')}`))?.consumedPoints).toBe(1);
    expect((await limiter.consume(longer)).allowed).toBe(false);
    expect((await limiter.consume(`${longer}c`)).allowed).toBe(true);
  });
});

describe('limit store failures', () => {
  it('answers from this instance\'s memory while the store is lost, says so on /healthz and /metrics, and comes back', async () => {
    const { engine, fault, calls } = fakeEngine();
    const limits = limitStoreOn(engine);
    const limiter = limits.limiter({ name: 'lost', points: 2, durationSec: 60 });
    expect(limits.health()).toEqual({ limits: true });
    expect(limits.stats()).toEqual({ fake_gauge: 1, limits_degraded: 0 });
    await limiter.consume('k');
    const fallbacks = await counter(limitStoreFallbacks, 'lost-2-60');

    fault.down = new Error('connection refused');
    // The memory fallback counts on its own from zero: two allowed, then refused.
    expect((await limiter.consume('k')).allowed).toBe(true);
    expect(String(limits.health().limits)).toMatch(/^degraded: the fake store failed \(connection refused\); limits count in this instance only since 1970-01-01T00:50:00\.000Z$/);
    expect(limits.stats()).toEqual({ fake_gauge: 1, limits_degraded: 1 });
    const tried = calls();
    expect((await limiter.consume('k')).allowed).toBe(true);
    expect((await limiter.consume('k')).allowed).toBe(false);
    // Within a second of the last failure the store is not tried again.
    expect(calls()).toBe(tried);
    expect(await counter(limitStoreFallbacks, 'lost-2-60')).toBe(fallbacks + 3);
    await limiter.set('m', 1, 60);
    expect(await limiter.get('m')).toEqual({ consumed: 1, msBeforeNext: 60_000 });
    await limiter.delete('m');
    expect(await limiter.get('m')).toBeNull();
    expect(calls()).toBe(tried);

    // A second later one operation probes the store; it still fails, and the wait starts again.
    vi.setSystemTime(t0 + 1000);
    expect((await limiter.consume('k')).allowed).toBe(false);
    expect(calls()).toBe(tried + 1);
    vi.setSystemTime(t0 + 1999);
    await limiter.consume('k');
    expect(calls()).toBe(tried + 1);

    // Back: the next probe reaches the store, its count (one consume) is used again, and /healthz is green.
    fault.down = null;
    vi.setSystemTime(t0 + 2000);
    expect(await limiter.consume('k')).toMatchObject({ allowed: true, consumed: 2 });
    expect(limits.health()).toEqual({ limits: true });
    expect(calls()).toBe(tried + 2);
    expect((await limiter.consume('k')).allowed).toBe(false);
  });

  it('does not try a store whose connection is known to be down, however long it has been', async () => {
    const { engine, fault, calls } = fakeEngine();
    const limiter = limitStoreOn(engine).limiter({ name: 'down', points: 5, durationSec: 60 });
    fault.down = new Error('gone');
    await limiter.consume('k');
    const tried = calls();
    fault.health = 'connection closed';
    vi.setSystemTime(t0 + 60_000);
    await limiter.consume('k');
    expect(calls()).toBe(tried);
    fault.health = true;
    await limiter.consume('k');
    expect(calls()).toBe(tried + 1);
  });

  it('deletes a value that is not a count, logs it, and counts the request as if it had not been there', async () => {
    const { engine, fault } = fakeEngine();
    const limits = limitStoreOn(engine);
    const limiter = limits.limiter({ name: 'malformed', points: 2, durationSec: 60 });
    await limiter.consume('k');
    await limiter.consume('k');
    const before = await counter(limitStoreMalformed, 'malformed-2-60');
    fault.once = { error: new Error('ERR value is not an integer or out of range'), times: 1 };
    // The stored count was deleted: this consume starts a new window.
    expect(await limiter.consume('k')).toMatchObject({ allowed: true, consumed: 1 });
    expect(limits.health()).toEqual({ limits: true });
    fault.once = { error: new Error('WRONGTYPE Operation against a key holding the wrong kind of value'), times: 1 };
    expect(await limiter.get('k')).toBeNull();
    fault.once = { error: new RateLimiterRes(0, 1000, Number.NaN), times: 1 };
    expect(await limiter.consume('k')).toMatchObject({ allowed: true, consumed: 1 });
    expect(await counter(limitStoreMalformed, 'malformed-2-60')).toBe(before + 3);
  });

  it('falls back when the repair fails too, and fails closed to the caller on the memory engine itself', async () => {
    const { engine, fault } = fakeEngine();
    const limits = limitStoreOn(engine);
    const limiter = limits.limiter({ name: 'repair', points: 2, durationSec: 60 });
    fault.once = { error: new Error('not an integer'), times: 3 };
    expect(await limiter.consume('k')).toMatchObject({ allowed: true, consumed: 1 });
    expect(String(limits.health().limits)).toMatch(/^degraded: .*\(not an integer\)/);

    const memory = fakeEngine('memory');
    const only = limitStoreOn(memory.engine).limiter({ name: 'alone', points: 2, durationSec: 60 });
    memory.fault.down = new Error('broken');
    await expect(only.consume('k')).rejects.toThrow('broken');
    await expect(only.get('k')).rejects.toThrow('broken');
    expect(limitStoreOn(memory.engine).health()).toEqual({ limits: true });
  });

  it('treats an in-memory block refusal that reports exactly the limit as over it', async () => {
    const { engine, fault } = fakeEngine();
    const limiter = limitStoreOn(engine).limiter({ name: 'edge', points: 5, durationSec: 60 });
    fault.once = { error: new RateLimiterRes(0, 2000, 5), times: 1 };
    expect(await limiter.consume('k')).toEqual({ allowed: false, retryAfterSeconds: 2, consumed: 6, msBeforeNext: 2000 });
  });

  it('logs the loss once with the engine and the error, the return once with how long it lasted, and the repair with its key', async () => {
    const errors = vi.spyOn(logger, 'error').mockImplementation(() => undefined);
    const infos = vi.spyOn(logger, 'info').mockImplementation(() => undefined);
    const { engine, fault } = fakeEngine();
    const limits = limitStoreOn(engine);
    const limiter = limits.limiter({ name: 'logged', points: 5, durationSec: 60 });
    await limiter.consume('k');
    expect(infos).not.toHaveBeenCalled();
    fault.down = new Error('first');
    await limiter.consume('k');
    vi.setSystemTime(t0 + 1500);
    fault.down = new Error('second');
    await limiter.consume('k');
    expect(errors).toHaveBeenCalledTimes(1);
    expect(errors).toHaveBeenCalledWith('limit store unavailable: limits count in this instance only until it is back', { engine: 'redis', error: 'first' });
    // The newest error is shown; the time it started is the first failure's.
    expect(limits.health().limits).toBe('degraded: the fake store failed (second); limits count in this instance only since 1970-01-01T00:50:00.000Z');
    fault.down = null;
    vi.setSystemTime(t0 + 4000);
    await limiter.consume('k');
    expect(infos).toHaveBeenCalledTimes(1);
    expect(infos).toHaveBeenCalledWith('limit store is back: limits are shared again', { engine: 'redis', degradedMs: 4000 });
    await limiter.consume('k');
    expect(infos).toHaveBeenCalledTimes(1);

    fault.once = { error: new Error('WRONGTYPE x'), times: 1 };
    await limiter.consume('k');
    expect(errors).toHaveBeenLastCalledWith('limit store: a value is not a count, deleting it', { engine: 'redis', key: 'store-logged-5-60:k', error: 'WRONGTYPE x' });
  });

  it('names the store\'s error, not the first one, when the repair of a malformed value fails too; and a thrown non-error', async () => {
    vi.spyOn(logger, 'error').mockImplementation(() => undefined);
    const { engine, fault } = fakeEngine();
    const limits = limitStoreOn(engine);
    const limiter = limits.limiter({ name: 'repair2', points: 2, durationSec: 60 });
    fault.once = { error: new Error('not an integer'), times: 1 };
    fault.down = null;
    const consume = limiter.consume('k');
    fault.down = new Error('connection lost during the repair');
    await consume;
    expect(limits.health().limits).toMatch(/\(connection lost during the repair\)/);

    const other = fakeEngine();
    const otherLimits = limitStoreOn(other.engine);
    other.fault.once = { error: 'a bare string', times: 1 };
    expect((await otherLimits.limiter({ name: 'bare', points: 2, durationSec: 60 }).consume('k')).allowed).toBe(true);
    expect(otherLimits.health().limits).toMatch(/\(a bare string\)/);
  });
});
