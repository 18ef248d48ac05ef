import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LoginThrottle } from '@/lib/identity/throttle';
import { type LimitStore, limitStoreOn } from '@/lib/limits';
import { redisEngine } from '@/lib/limits/redis';
import { type LocalRedis, startLocalRedis } from '@/scripts/redis/local-redis';
import { EVENTUALLY_MS, manualClock, waitUntil } from '../support/wait';
import { countingStoreConsumes } from './store-probes';

// The documented behaviour (docs/security.md, "Limits across instances"): every limit falls back to this
// instance's memory, says so in /healthz, and is shared again once Redis is back. The store's failure handling runs
// on a clock the test moves, so which operations try Redis (and could wait on it) does not depend on the machine's
// speed: while degraded, at most one operation a second (of that clock) tries the store.
describe('Redis lost while serving', () => {
  let redis: LocalRedis;
  let limits: LimitStore;
  let storeConsumes: (ruleName: string) => number;
  const clock = manualClock(Date.now());
  beforeAll(async () => {
    redis = await startLocalRedis();
    const counted = countingStoreConsumes(await redisEngine(redis.url));
    storeConsumes = counted.consumes;
    limits = limitStoreOn(counted.engine, { now: clock.now });
  });
  afterAll(async () => {
    await limits?.close();
    await redis?.stop();
  });

  /** Until Redis answers again; each round a second of the store's clock later, so each may try the store. */
  const sharedAgain = () =>
    waitUntil('the limits shared again', async () => {
      clock.advance(1000);
      await limits.limiter({ name: 'probe', points: 1000, durationSec: 60 }).consume('other');
      return limits.health().limits === true;
    });

  it('keeps limiting per instance, reports degraded, and shares again when Redis is back', async () => {
    const rule = { name: 'lost', points: 3, durationSec: 60 };
    const throttle = new LoginThrottle(limits);
    expect((await limits.limiter(rule).consume('k')).allowed).toBe(true);
    expect(storeConsumes('lost')).toBe(1);

    await redis.stop(true);
    const verdicts = [];
    for (let i = 0; i < 5; i++) verdicts.push((await limits.limiter(rule).consume('k')).allowed);
    // The memory fallback starts its own count: 3 more, then refusals (it does not fail open).
    expect(verdicts).toEqual([true, true, true, false, false]);
    // Only the first of the five tried Redis (and failed); the others did not wait on it.
    expect(storeConsumes('lost')).toBe(2);
    expect(limits.health().limits).toMatch(/^degraded: redis 127\.0\.0\.1:\d+ failed .*limits count in this instance only since /);

    // The login throttle still locks out after the same count, on this instance.
    for (let i = 0; i < 5; i++) await throttle.failed('id:dan', '203.0.113.9');
    expect(await throttle.accountWaitMs('id:dan', '203.0.113.9')).toBe(0);
    await throttle.failed('id:dan', '203.0.113.9');
    expect(await throttle.accountWaitMs('id:dan', '203.0.113.9')).toBeGreaterThan(0);

    redis = await startLocalRedis(redis.port);
    await sharedAgain();
    // Redis lost its counts (no persistence here): the shared count starts again.
    expect((await limits.limiter(rule).consume('k')).consumed).toBe(1);
  }, 2 * EVENTUALLY_MS);

  it('does not hold every request when Redis hangs (connected, never answering): one try a second, the others from memory', async () => {
    const rule = { name: 'hung', points: 1000, durationSec: 60 };
    redis.process.kill('SIGSTOP');
    try {
      // The first waits for the command timeout (a second), fails, and marks the store degraded.
      for (let i = 0; i < 50; i++) expect((await limits.limiter(rule).consume('k')).allowed).toBe(true);
      expect(storeConsumes('hung')).toBe(1);
      expect(limits.health().limits).toMatch(/^degraded: /);
      // Within the second after that failure, still memory only; a second after it, one more try.
      clock.advance(999);
      expect((await limits.limiter(rule).consume('k')).allowed).toBe(true);
      expect(storeConsumes('hung')).toBe(1);
      clock.advance(1);
      for (let i = 0; i < 10; i++) expect((await limits.limiter(rule).consume('k')).allowed).toBe(true);
      expect(storeConsumes('hung')).toBe(2);
    } finally {
      redis.process.kill('SIGCONT');
    }
    await sharedAgain();
  }, 2 * EVENTUALLY_MS);
});
