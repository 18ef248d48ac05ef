import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LimitStore, openLimitStore } from '@/lib/limits';
import { crashServer, type LocalCluster, startLocalCluster, startServer, stopLocalCluster } from '@/scripts/db/local-postgres';

// A PostgreSQL of its own (the run's shared one must not be crashed under other test files).
describe('PostgreSQL lost while serving the limits', () => {
  let cluster: LocalCluster;
  let limits: LimitStore;
  beforeAll(async () => {
    cluster = await startLocalCluster({ replicas: 0 });
    limits = await openLimitStore({ limits: { engine: 'postgres', url: cluster.primaryUrl() }, database: null });
  }, 120_000);
  afterAll(async () => {
    await limits?.close();
    if (cluster) stopLocalCluster(cluster.dir);
  });

  it('falls back to this instance\'s memory without holding requests, and is shared again once the database is back', async () => {
    const rule = { name: 'pg-lost', points: 2, durationSec: 60 };
    expect((await limits.limiter(rule).consume('k')).allowed).toBe(true);
    crashServer(cluster, 'primary');

    const started = Date.now();
    const verdicts = [];
    for (let i = 0; i < 4; i++) verdicts.push((await limits.limiter(rule).consume('k')).allowed);
    expect(verdicts).toEqual([true, true, false, false]);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(limits.health().limits).toMatch(/^degraded: postgres 127\.0\.0\.1:\d+\/postgres failed/);

    startServer(cluster, 'primary');
    const deadline = Date.now() + 20_000;
    while (limits.health().limits !== true && Date.now() < deadline) {
      await limits.limiter(rule).consume('other');
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(limits.health().limits).toBe(true);
    // Shared again: another instance continues this one's count. (What was committed just before the crash may be
    // gone: the throwaway server runs without synchronous commits.)
    const other = await openLimitStore({ limits: { engine: 'postgres', url: cluster.primaryUrl() }, database: null });
    try {
      const here = (await limits.limiter(rule).consume('after')).consumed;
      expect((await other.limiter(rule).consume('after')).consumed).toBe(here + 1);
    } finally {
      await other.close();
    }
  }, 60_000);
});
