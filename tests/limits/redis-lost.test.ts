import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LoginThrottle } from '@/lib/identity/throttle';
import { type LimitStore, openLimitStore } from '@/lib/limits';
import { type LocalRedis, startLocalRedis } from '@/scripts/redis/local-redis';

async function until(what: string, check: () => Promise<boolean>, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

// The documented behaviour (docs/security.md, "Limits across instances"): every limit falls back to this
// instance's memory, says so in /healthz, and is shared again once Redis is back.
describe('Redis lost while serving', () => {
  let redis: LocalRedis;
  let limits: LimitStore;
  beforeAll(async () => {
    redis = await startLocalRedis();
    limits = await openLimitStore({ limits: { engine: 'redis', url: redis.url }, database: null });
  });
  afterAll(async () => {
    await limits?.close();
    await redis?.stop();
  });

  it('keeps limiting per instance, reports degraded, and shares again when Redis is back', async () => {
    const rule = { name: 'lost', points: 3, durationSec: 60 };
    const throttle = new LoginThrottle(limits);
    expect((await limits.limiter(rule).consume('k')).allowed).toBe(true);

    await redis.stop(true);
    const started = Date.now();
    const verdicts = [];
    for (let i = 0; i < 5; i++) verdicts.push((await limits.limiter(rule).consume('k')).allowed);
    expect(Date.now() - started).toBeLessThan(3000);
    // The memory fallback starts its own count: 3 more, then refusals (it does not fail open).
    expect(verdicts).toEqual([true, true, true, false, false]);
    expect(limits.health().limits).toMatch(/^degraded: redis 127\.0\.0\.1:\d+ failed .*limits count in this instance only since /);

    // The login throttle still locks out after the same count, on this instance.
    for (let i = 0; i < 5; i++) await throttle.failed('id:dan', '203.0.113.9');
    expect(await throttle.accountWaitMs('id:dan', '203.0.113.9')).toBe(0);
    await throttle.failed('id:dan', '203.0.113.9');
    expect(await throttle.accountWaitMs('id:dan', '203.0.113.9')).toBeGreaterThan(0);

    const back = await startLocalRedis(redis.port);
    redis = back;
    await until('the limits shared again', async () => {
      await limits.limiter(rule).consume('other');
      return limits.health().limits === true;
    });
    // Redis lost its counts (no persistence here): the shared count starts again.
    expect((await limits.limiter(rule).consume('k')).consumed).toBe(1);
  }, 30_000);

  it('does not hold every request when Redis hangs (connected, never answering)', async () => {
    const rule = { name: 'hung', points: 1000, durationSec: 60 };
    redis.process.kill('SIGSTOP');
    try {
      const started = Date.now();
      for (let i = 0; i < 50; i++) expect((await limits.limiter(rule).consume('k')).allowed).toBe(true);
      // The first times out after 1 s; then one probe a second at most, the others answered from memory.
      expect(Date.now() - started).toBeLessThan(4000);
      expect(limits.health().limits).toMatch(/^degraded: /);
    } finally {
      redis.process.kill('SIGCONT');
    }
    await until('the limits shared again', async () => {
      await limits.limiter(rule).consume('other');
      return limits.health().limits === true;
    });
  }, 30_000);
});
