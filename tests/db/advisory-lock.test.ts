import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withAdvisoryLock } from '@/lib/db/postgres/advisory-lock';
import { createTestDatabase, type TestDatabase } from '../support/postgres';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase('advisory');
});

afterAll(() => database.drop());

/** Waits until the server's clock is `ms` past `since` (its own earlier reading): waits for an event, times nothing. */
async function serverClockPassed(admin: pg.Client, since: Date, ms: number): Promise<void> {
  for (;;) {
    const { rows } = await admin.query<{ passed: boolean }>('SELECT clock_timestamp() > $1::timestamptz + make_interval(secs => $2) AS passed', [since, ms / 1000]);
    if (rows[0].passed) return;
    await admin.query('SELECT pg_sleep(0.05)');
  }
}

describe('withAdvisoryLock', () => {
  it('waits for the instance holding the lock however long its work takes, beyond the pool’s statement and read timeouts', async () => {
    // A pool whose queries may take 300 ms on the server and 500 ms as the client reads them, as the app's 10 s and 12 s.
    const pool = new pg.Pool({ connectionString: database.url, max: 4, statement_timeout: 300, query_timeout: 500 });
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
      const waitStarted = (await admin.query<{ now: Date }>('SELECT clock_timestamp() AS now')).rows[0].now;
      let secondSettled = false;
      const second = withAdvisoryLock(pool, 'test:seed', async () => {
        order.push('second');
        // Queries keep the pool's timeouts: only the wait for the lock is unbounded.
        await expect(pool.query('SELECT pg_sleep(1)')).rejects.toThrow(/statement timeout/);
      }).finally(() => (secondSettled = true));
      await serverClockPassed(admin, waitStarted, 1200);
      expect(secondSettled).toBe(false);
      releaseFirst();
      await Promise.all([first, second]);
      expect(order).toEqual(['first', 'second']);
    } finally {
      await admin.end();
      await pool.end();
    }
  });
});
