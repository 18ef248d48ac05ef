import type pg from 'pg';
import { connectClient } from './client';
import { migrate, waitForDatabase } from './migrate';

/** Runs `fn` in one transaction on a migrated database: all of it is written, or none. */
export async function inOneTransaction<T>(url: string, fn: (client: pg.ClientBase) => Promise<T>): Promise<T> {
  await waitForDatabase(url, 10_000);
  await migrate(url);
  const client = await connectClient({ connectionString: url });
  try {
    await client.query('BEGIN');
    const result = await fn(client);
    await client.query('COMMIT');
    return result;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    await client.end();
  }
}

