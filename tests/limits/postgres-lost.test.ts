import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LimitStore, limitStoreOn, openLimitStore } from '@/lib/limits';
import { postgresEngine } from '@/lib/limits/postgres';
import { crashServer, type LocalCluster, startLocalCluster, startServer, stopLocalCluster } from '@/scripts/db/local-postgres';
import { EVENTUALLY_MS, manualClock, waitUntil } from '../support/wait';
import { countingStoreConsumes } from './store-probes';

// A PostgreSQL of its own (the run's shared one must not be crashed under other test files). The store's failure
// handling runs on a clock the test moves (see redis-lost.test.ts), so which operations try the database does not
// depend on the machine's speed.
describe('PostgreSQL lost while serving the limits', () => {
  let cluster: LocalCluster;
  let limits: LimitStore;
  let storeConsumes: (ruleName: string) => number;
  const clock = manualClock(Date.now());
  beforeAll(async () => {
    cluster = await startLocalCluster({ replicas: 0 });
    const counted = countingStoreConsumes(await postgresEngine({ primaryUrl: cluster.primaryUrl(), poolSize: 5 }));
    storeConsumes = counted.consumes;
    limits = limitStoreOn(counted.engine, { now: clock.now });
  }, 120_000);
  afterAll(async () => {
    await limits?.close();
    if (cluster) stopLocalCluster(cluster.dir);
  });

  it('falls back to this instance\'s memory without holding requests, and is shared again once the database is back', async () => {
    const rule = { name: 'pg-lost', points: 2, durationSec: 60 };
    expect((await limits.limiter(rule).consume('k')).allowed).toBe(true);
    crashServer(cluster, 'primary');

    const verdicts = [];
    for (let i = 0; i < 4; i++) verdicts.push((await limits.limiter(rule).consume('k')).allowed);
    expect(verdicts).toEqual([true, true, false, false]);
    // The first after the crash tried the database (and failed); the others, the clock standing still, went straight
    // to memory instead of waiting on it.
    expect(storeConsumes('pg-lost')).toBe(2);
    expect(limits.health().limits).toMatch(/^degraded: postgres 127\.0\.0\.1:\d+\/postgres failed/);

    startServer(cluster, 'primary');
    await waitUntil('the limits shared again', async () => {
      clock.advance(1000);
      await limits.limiter(rule).consume('other');
      return limits.health().limits === true;
    });
    // Shared again: another instance continues this one's count. (What was committed just before the crash may be
    // gone: the throwaway server runs without synchronous commits.)
    const other = await openLimitStore({ limits: { engine: 'postgres', url: cluster.primaryUrl() }, database: null });
    try {
      const here = (await limits.limiter(rule).consume('after')).consumed;
      expect((await other.limiter(rule).consume('after')).consumed).toBe(here + 1);
    } finally {
      await other.close();
    }
  }, 2 * EVENTUALLY_MS);
});
