import pg from 'pg';
import { describeUrl } from '@/lib/db/postgres/errors';
import { logger } from '@/lib/core/logger';

// bigint columns (epoch seconds) are safe integers.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

/** A small pool for the Explorer's session records (the custom server has run the migrations at start-up). */
export function sessionRecordsPool(url: string): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max: 4, connectionTimeoutMillis: 3000, idleTimeoutMillis: 30_000, application_name: 'trip-explorer-sessions' });
  pool.on('error', (err) => logger.warn('session records database connection lost', { database: describeUrl(url), error: err.message }));
  return pool;
}
