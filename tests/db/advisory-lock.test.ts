import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withAdvisoryLock } from '@/lib/db/postgres/advisory-lock';
import { createTestDatabase, type TestDatabase } from '../support/postgres';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase('advisory');
});

afterAll(() => database.drop());

/** Waits until a session of this database has waited on an advisory lock for longer than `ms`, by the server's clock. */
async function someoneWaitedLongerThan(admin: pg.Client, ms: number): Promise<void> {
  for (;;) {
    const { rows } = await admin.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_stat_activity
        WHERE datname = current_database() AND wait_event = 'advisory' AND now() - query_start > make_interval(secs => $1)`,
      [ms / 1000],
    );
    if (rows[0].n > 0) return;
    await admin.query('SELECT pg_sleep(0.05)');
  }
}

describe('withAdvisoryLock', () => {
  it('waits for the instance holding the lock however long its work takes, beyond the pool’s statement timeout', async () => {
    // A pool whose queries may take 300 ms, as the app's may take 10 s.
    const pool = new pg.Pool({ connectionString: database.url, max: 4, statement_timeout: 300 });
    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    try {
      const order: string[] = [];
      let releaseFirst = () => {};
      const firstHolds = new Promise<void>((resolve) => (releaseFirst = resolve));
      let firstHasIt = () => {};
      const firstLocked = new Promise<void>((resolve) => (firstHasIt = resolve));
      const first = withAdvisoryLock(pool, 'test:seed', async () => {
        order.push('first');
        firstHasIt();
        await firstHolds;
      });
      await firstLocked;
      const second = withAdvisoryLock(pool, 'test:seed', async () => {
        order.push('second');
        // Queries keep the pool's timeout: only the wait for the lock is unbounded.
        await expect(pool.query('SELECT pg_sleep(1)')).rejects.toThrow(/statement timeout/);
      });
      await someoneWaitedLongerThan(admin, 600);
      releaseFirst();
      await Promise.all([first, second]);
      expect(order).toEqual(['first', 'second']);
    } finally {
      await admin.end();
      await pool.end();
    }
  });
});
