import type pg from 'pg';

/**
 * Runs `fn` under a session-level advisory lock named `key`, held on a connection of its own while `fn` uses the
 * pool: instances sharing the database run their `fn` of the same key one after the other. A connection that fails
 * to lock or unlock is closed rather than reused (closing it releases the lock).
 */
export async function withAdvisoryLock<T>(pool: pg.Pool, key: string, fn: () => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    // The wait lasts as long as the other instance's `fn` (a seed or an import can take minutes on a loaded machine),
    // so the pool's statement timeout, meant for queries, does not bound it: the holder's lock goes with its session.
    // Taken in a transaction, the session-level lock outlives it, and the timeout is the pool's again after it.
    await client.query('BEGIN');
    await client.query('SET LOCAL statement_timeout = 0');
    await client.query('SELECT pg_advisory_lock(hashtext($1))', [key]);
    await client.query('COMMIT');
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
