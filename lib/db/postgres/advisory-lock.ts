import type pg from 'pg';

/** setTimeout's longest delay (about 24.8 days): pg's read timeout cannot be turned off for one query, only set. */
const LONGEST_TIMER_MS = 2 ** 31 - 1;

/**
 * Runs `fn` under a session-level advisory lock named `key`, held on a connection of its own while `fn` uses the
 * pool: instances sharing the database run their `fn` of the same key one after the other. A connection that fails
 * to lock or unlock is closed rather than reused (closing it releases the lock).
 */
export async function withAdvisoryLock<T>(pool: pg.Pool, key: string, fn: () => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    // The wait lasts as long as the other instance's `fn` (a seed or an import can take minutes on a loaded machine),
    // so neither of the pool's timeouts, meant for queries, bounds it: not the server's statement timeout (lifted in a
    // transaction; the session-level lock outlives it) nor the client's read timeout (as long as a timer can be).
    // The holder's lock goes with its session, whatever happens to it.
    await client.query('BEGIN');
    await client.query('SET LOCAL statement_timeout = 0');
    await client.query({ text: 'SELECT pg_advisory_lock(hashtext($1))', values: [key], query_timeout: LONGEST_TIMER_MS } as pg.QueryConfig);
    await client.query('COMMIT');
  } catch (err) {
    client.release(err as Error);
    throw err;
  }
  return runThenUnlock(client, key, fn);
}

/** What `ifNoOtherHolds` answers when another session holds the lock: `fn` did not run. */
export const HELD_ELSEWHERE = Symbol('held elsewhere');

/**
 * Runs `fn` under the session-level advisory lock named `key` if no other session holds it, without waiting; else
 * answers HELD_ELSEWHERE at once (the caller decides whether and when to try again, and can stop meanwhile).
 */
export async function ifNoOtherHolds<T>(pool: pg.Pool, key: string, fn: () => Promise<T>): Promise<T | typeof HELD_ELSEWHERE> {
  const client = await pool.connect();
  let locked: boolean;
  try {
    locked = (await client.query<{ ok: boolean }>('SELECT pg_try_advisory_lock(hashtext($1)) AS ok', [key])).rows[0].ok;
  } catch (err) {
    client.release(err as Error);
    throw err;
  }
  if (!locked) {
    client.release();
    return HELD_ELSEWHERE;
  }
  return runThenUnlock(client, key, fn);
}

/** Runs `fn` while `client` holds the lock named `key`, then unlocks; a connection that fails to unlock is closed. */
async function runThenUnlock<T>(client: pg.PoolClient, key: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } finally {
    await client.query('SELECT pg_advisory_unlock(hashtext($1))', [key]).then(
      () => client.release(),
      (err: Error) => client.release(err),
    );
  }
}
