import type pg from 'pg';

const LOCK_POLL_MS = 200;

/**
 * Runs `fn` under a session-level advisory lock named `key`, held on a connection of its own while `fn` uses the
 * pool: instances sharing the database run their `fn` of the same key one after the other. A connection that fails
 * to lock or unlock is closed rather than reused (closing it releases the lock).
 */
export async function withAdvisoryLock<T>(pool: pg.Pool, key: string, fn: () => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    // The wait lasts as long as the other instance's `fn` (a seed or an import can take minutes on a loaded machine),
    // so no query waits for it: neither the pool's statement timeout nor its client-side read timeout, both meant for
    // queries, may cut it. Asked again until it is free: the holder's lock goes with its session, whatever happens.
    while (!(await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock(hashtext($1)) AS locked', [key])).rows[0].locked) {
      await new Promise((resolve) => setTimeout(resolve, LOCK_POLL_MS));
    }
  } catch (err) {
    client.release(err as Error);
    throw err;
  }
  try {
    return await fn();
  } finally {
    await client.query('SELECT pg_advisory_unlock(hashtext($1))', [key]).then(
      () => client.release(),
      (err: Error) => client.release(err),
    );
  }
}
