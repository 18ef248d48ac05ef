import type pg from 'pg';

/**
 * Runs `fn` under a session-level advisory lock named `key`, held on a connection of its own while `fn` uses the
 * pool: instances sharing the database run their `fn` of the same key one after the other. A connection that fails
 * to lock or unlock is closed rather than reused (closing it releases the lock).
 */
export async function withAdvisoryLock<T>(pool: pg.Pool, key: string, fn: () => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock(hashtext($1))', [key]);
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
