import pg from 'pg';

/**
 * A connection of its own, outside any pool (migrations, bulk imports, copies). A connection that the server drops
 * emits `error` besides rejecting the query in flight; without a listener that event would end the process, so the
 * error is left to the query's own rejection.
 */
export async function connectClient(config: pg.ClientConfig): Promise<pg.Client> {
  const client = new pg.Client(config);
  client.on('error', () => undefined);
  try {
    await client.connect();
  } catch (err) {
    await client.end().catch(() => undefined);
    throw err;
  }
  return client;
}
