import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { LoginThrottle, LOGIN_LIMITS } from '@/lib/identity/throttle';
import { type LimitStore, openLimitStore } from '@/lib/limits';
import { createTestDatabase, type TestDatabase } from '../support/postgres';

// Two limit stores on one engine stand for two app instances behind a balancer.
const engines = [
  { name: 'redis', open: async () => () => openLimitStore({ limits: { engine: 'redis', url: inject('redisUrl') }, database: null }) },
  {
    name: 'postgres',
    open: async () => {
      db = await createTestDatabase('limits');
      const url = db.url;
      return () => openLimitStore({ limits: { engine: 'postgres', url }, database: null });
    },
  },
] as const;
let db: TestDatabase | undefined;

describe.each(engines)('limits shared on $name', ({ open }) => {
  let a: LimitStore;
  let b: LimitStore;
  beforeAll(async () => {
    const make = await open();
    [a, b] = [await make(), await make()];
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await db?.drop();
    db = undefined;
  });

  it('refuses at the configured rate across two instances, not at twice it', async () => {
    const rule = { name: `shared-${Date.now()}`, points: 10, durationSec: 60 };
    const verdicts = [];
    for (let i = 0; i < 30; i++) verdicts.push(await (i % 2 ? a : b).limiter(rule).consume('client-1'));
    expect(verdicts.filter((v) => v.allowed)).toHaveLength(10);
    expect(verdicts.slice(10).every((v) => !v.allowed && v.retryAfterSeconds >= 1 && v.retryAfterSeconds <= 60)).toBe(true);
    expect((await a.limiter(rule).consume('client-2')).allowed).toBe(true);
  });

  it('counts concurrent requests from both instances exactly', async () => {
    const rule = { name: `burst-${Date.now()}`, points: 25, durationSec: 60 };
    const verdicts = await Promise.all(Array.from({ length: 100 }, (_, i) => (i % 2 ? a : b).limiter(rule).consume('client-1')));
    expect(verdicts.filter((v) => v.allowed)).toHaveLength(25);
  });

  it('locks a login out at the same count whichever instance takes the attempts', async () => {
    const [onA, onB] = [new LoginThrottle(a), new LoginThrottle(b)];
    const account = `id:user-${Date.now()}`;
    const free = LOGIN_LIMITS.accountAtAddress.freeFailures;
    for (let i = 0; i < free; i++) {
      expect(await (i % 2 ? onA : onB).accountWaitMs(account, '198.51.100.7')).toBe(0);
      await (i % 2 ? onA : onB).failed(account, '198.51.100.7');
    }
    expect(await onA.accountWaitMs(account, '198.51.100.7')).toBe(0);
    await onB.failed(account, '198.51.100.7');
    for (const t of [onA, onB]) {
      const wait = await t.accountWaitMs(account, '198.51.100.7');
      expect(wait).toBeGreaterThan(900);
      expect(wait).toBeLessThanOrEqual(1000);
    }
    await onA.succeeded(account, '198.51.100.7');
    expect(await onB.accountWaitMs(account, '198.51.100.7')).toBe(0);
    expect(a.health()).toEqual({ limits: true });
  });
});

describe('garbage in Redis', () => {
  let limits: LimitStore;
  let raw: Redis;
  beforeAll(async () => {
    limits = await openLimitStore({ limits: { engine: 'redis', url: inject('redisUrl') }, database: null });
    raw = new Redis(inject('redisUrl'));
  });
  afterAll(async () => {
    await limits?.close();
    raw?.disconnect();
  });

  it('a value that is not a count is named, deleted and counted again, never a crash', async () => {
    const rule = { name: `garbage-${Date.now()}`, points: 2, durationSec: 60 };
    const key = `limits:${rule.name}-2-60:client-1`;
    await raw.set(key, 'not a number');
    expect(await limits.limiter(rule).consume('client-1')).toMatchObject({ allowed: true, consumed: 1 });
    expect(await raw.get(key)).toBe('1');
    await raw.del(key);
    await raw.hset(key, 'field', 'x');
    expect(await limits.limiter(rule).get('client-1')).toBeNull();
    expect(await limits.limiter(rule).consume('client-1')).toMatchObject({ allowed: true, consumed: 1 });
    expect(limits.health()).toEqual({ limits: true });
  });
});

describe('a shared store unreachable at start-up', () => {
  // Quickly: the start-up check gives up on its own (a refused connection at once, else after redisEngine's 5 s),
  // which the test's timeout would catch if it did not; its duration on this machine is not the point.
  it('is one clear error, quickly', async () => {
    await expect(openLimitStore({ limits: { engine: 'redis', url: 'redis://127.0.0.1:1' }, database: null })).rejects.toThrow(
      /^cannot use Redis at 127\.0\.0\.1:1 for the rate limits: /,
    );
  });
});
