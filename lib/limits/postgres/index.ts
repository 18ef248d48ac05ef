import pg from 'pg';
import { RateLimiterPostgres } from 'rate-limiter-flexible';
import { describeUrl } from '@/lib/db/postgres/errors';
import { openDatabase, type DatabaseOptions } from '@/lib/db/postgres/database';
import { logger } from '@/lib/core/logger';
import { blockWhenRefused } from '../block-when-refused';
import type { LimitEngine, LimitRule } from '../types';

// Created by migration 0007: every rule shares it (the library names its prepared statements per process, not per
// table, so two tables on one connection would clash), keys carry the rule's prefix.
const TABLE = 'rate_limits';

type Upsert = (key: string, points: number, msDuration: number, forceExpire?: boolean, options?: { keepWindow?: boolean }) => Promise<unknown>;
interface LibraryInternals {
  _getTableIdentifier(): string;
  _query(q: { name: string; text: string; values: unknown[] }): Promise<unknown>;
}

/**
 * The library's limiter with two statements of its own, each one upsert: a sliding rule's consume restarts the
 * window in the same statement (instead of a second one after it, which could lose a count made in between); a
 * penalty or reward (a reservation and its refund) keeps the window and never goes below zero.
 */
class PostgresLimiter extends RateLimiterPostgres {
  constructor(
    options: ConstructorParameters<typeof RateLimiterPostgres>[0],
    private readonly rule: LimitRule,
  ) {
    super(options);
  }

  penalty(key: string | number, points = 1) {
    return super.penalty(key, points, { keepWindow: true });
  }

  reward(key: string | number, points = 1) {
    return super.reward(key, points, { keepWindow: true });
  }

  _upsert(key: string, points: number, msDuration: number, forceExpire = false, options: { keepWindow?: boolean } = {}) {
    const library = (RateLimiterPostgres.prototype as unknown as { _upsert: Upsert })._upsert;
    if (forceExpire || (!options.keepWindow && !this.rule.sliding)) return library.call(this, key, points, msDuration, forceExpire, options);
    const self = this as unknown as LibraryInternals;
    const table = self._getTableIdentifier();
    const now = Date.now();
    if (options.keepWindow) {
      return self._query({
        name: 'limits-keep-window',
        text: `INSERT INTO ${table} VALUES ($1, GREATEST($2::integer, 0), $3)
                 ON CONFLICT(key) DO UPDATE SET
                   points = CASE WHEN ${table}.expire <= $4 THEN GREATEST($2::integer, 0) ELSE GREATEST(${table}.points + $2::integer, 0) END,
                   expire = CASE WHEN ${table}.expire <= $4 THEN $3 ELSE ${table}.expire END
               RETURNING points, expire;`,
        values: [key, points, now + msDuration, now],
      });
    }
    return self._query({
      name: 'limits-sliding',
      text: `INSERT INTO ${table} VALUES ($1, $2, $3)
               ON CONFLICT(key) DO UPDATE SET
                 points = CASE WHEN ${table}.expire <= $4 THEN $2 ELSE ${table}.points + $2 END,
                 expire = $3
             RETURNING points, expire;`,
      values: [key, points, now + msDuration, now],
    });
  }
}

/** Connections of the limits' own pool: a check is one short upsert. */
const LIMIT_POOL_SIZE = 4;

/**
 * Counts shared by every instance in PostgreSQL (one upsert a consume), for deployments without Redis. The database's
 * door waits for it and migrates it once for the process; the checks then run on a small pool of their own with
 * 2-second timeouts, so a limit check never queues behind the searches for a connection, and a stuck database makes
 * the limits fall back to this instance's memory within two seconds instead of the stores' ten.
 */
export async function postgresEngine(database: DatabaseOptions): Promise<LimitEngine> {
  const door = await openDatabase(database);
  const url = database.primaryUrl;
  const pool = new pg.Pool({
    connectionString: url,
    max: LIMIT_POOL_SIZE,
    connectionTimeoutMillis: 2000,
    idleTimeoutMillis: 30_000,
    statement_timeout: 2000,
    application_name: 'trip-explorer-limits',
  });
  pool.on('error', (err) => logger.warn('limits database connection lost', { database: describeUrl(url), error: err.message }));
  let lastError: string | null = null;
  const check = async () => {
    try {
      await pool.query('SELECT 1');
      lastError = null;
    } catch (err) {
      lastError = (err as Error).message;
    }
  };
  const timer = setInterval(() => void check(), 2000);
  timer.unref();
  // Expired rows are ignored by the upsert; this only keeps the table small (every instance may run it: harmless).
  const sweep = () => pool.query(`DELETE FROM ${TABLE} WHERE expire < $1`, [Date.now() - 60_000]).catch(() => undefined);
  const sweeper = setInterval(() => void sweep(), 10 * 60_000);
  sweeper.unref();
  return {
    name: 'postgres',
    describe: () => `postgres ${describeUrl(url)}`,
    slidesAtomically: true,
    limiter: (rule: LimitRule) =>
      new PostgresLimiter(
        {
          storeClient: pool,
          storeType: 'pool',
          tableName: TABLE,
          tableCreated: true,
          clearExpiredByTimeout: false,
          keyPrefix: rule.name,
          points: rule.points,
          duration: rule.durationSec,
          ...blockWhenRefused(rule),
        },
        rule,
      ),
    health: () => (lastError === null ? true : `postgres ${describeUrl(url)}: ${lastError}`),
    stats: () => ({ pg_pool_total: pool.totalCount, pg_pool_idle: pool.idleCount, pg_pool_waiting: pool.waitingCount, pg_up: lastError === null ? 1 : 0 }),
    async close() {
      clearInterval(timer);
      clearInterval(sweeper);
      await pool.end().catch(() => undefined);
      await door.release();
    },
  };
}
