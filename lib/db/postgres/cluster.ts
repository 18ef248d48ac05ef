import pg from 'pg';
import { logger } from '@/lib/core/logger';
import { DatabaseUnavailableError, describeUrl, isUnavailable } from './errors';

// bigint ids and count(*) are safe integers here; read them as numbers, not strings.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

export interface PgClusterOptions {
  primaryUrl: string;
  replicaUrls: string[];
  /** A replica further behind the primary than this is skipped until it catches up. */
  maxReplicaLagMs: number;
  poolSize: number;
  /** How often replicas and the primary are checked. */
  checkIntervalMs?: number;
  /** A statement running longer is cancelled (a stuck query must not hold a request forever). */
  statementTimeoutMs?: number;
  /** Logged at start and on every state change; `application_name` on the server side. */
  name?: string;
}

export type ReplicaState = { state: 'ok'; lagMs: number } | { state: 'lagging'; lagMs: number } | { state: 'down'; error: string };

interface Replica {
  label: string;
  pool: pg.Pool;
  status: ReplicaState;
}

export type Queryable = Pick<pg.Pool, 'query'>;

const unavailable = (cause: unknown) => new DatabaseUnavailableError('the database is unavailable', cause);

function makePool(url: string, options: PgClusterOptions): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize,
    connectionTimeoutMillis: 3000,
    idleTimeoutMillis: 30_000,
    statement_timeout: options.statementTimeoutMs ?? 10_000,
    query_timeout: (options.statementTimeoutMs ?? 10_000) + 2000,
    application_name: options.name ?? 'trip-explorer',
    // JIT compilation costs tens of milliseconds and pays off only for long analytic queries; the planner's
    // estimate for a count over many cell ranges crosses its threshold although the query reads a few rows.
    options: '-c jit=off',
  });
  // An idle client losing its server emits here; without a listener Node would crash the process.
  pool.on('error', (err) => logger.warn('database connection lost', { database: describeUrl(url), error: err.message }));
  return pool;
}

/**
 * One primary for writes and a set of streaming replicas for reads. Reads go to a healthy replica (round robin),
 * or to the primary when none is; a replica that is down or lags more than `maxReplicaLagMs` is skipped, with a
 * log line when that changes. Connection failures become DatabaseUnavailableError, which the APIs answer with 503.
 */
export class PgCluster {
  readonly primary: pg.Pool;
  private readonly replicas: Replica[];
  private next = 0;
  private primaryError: string | null = null;
  private timer: NodeJS.Timeout | null = null;
  private checking: Promise<void> | null = null;

  constructor(readonly options: PgClusterOptions) {
    this.primary = makePool(options.primaryUrl, options);
    this.replicas = options.replicaUrls.map((url) => ({
      label: describeUrl(url),
      pool: makePool(url, options),
      status: { state: 'down', error: 'not checked yet' } as ReplicaState,
    }));
  }

  get primaryLabel(): string {
    return describeUrl(this.options.primaryUrl);
  }

  get replicaLabels(): string[] {
    return this.replicas.map((r) => r.label);
  }

  /** Checks every server once now, then every `checkIntervalMs` in the background. */
  async start(): Promise<void> {
    await this.check();
    const every = this.options.checkIntervalMs ?? 1000;
    this.timer = setInterval(() => void this.check(), every);
    this.timer.unref();
  }

  /** The pool a read should use now. */
  reader(): pg.Pool {
    const healthy = this.replicas.filter((r) => r.status.state === 'ok');
    if (!healthy.length) return this.primary;
    this.next = (this.next + 1) % healthy.length;
    return healthy[this.next].pool;
  }

  /** Runs a read on a replica, falling back to the next candidate and then the primary when a server is gone. */
  async read<T>(fn: (db: pg.Pool) => Promise<T>): Promise<T> {
    const first = this.reader();
    if (first === this.primary) return this.readPrimary(fn);
    try {
      return await fn(first);
    } catch (err) {
      if (!isUnavailable(err)) throw err;
      const replica = this.replicas.find((r) => r.pool === first);
      if (replica) this.setReplica(replica, { state: 'down', error: (err as Error).message });
      return this.read(fn);
    }
  }

  /** Runs a read on the primary: for a store whose writers read back at once, where a replica a moment behind would not do. */
  async readPrimary<T>(fn: (db: pg.Pool) => Promise<T>): Promise<T> {
    try {
      return await fn(this.primary);
    } catch (err) {
      if (!isUnavailable(err)) throw err;
      this.primaryError = (err as Error).message;
      throw unavailable(err);
    }
  }

  /** Runs `fn` in a transaction on the primary. */
  async transaction<T>(fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    let client: pg.PoolClient;
    try {
      client = await this.primary.connect();
    } catch (err) {
      throw isUnavailable(err) ? unavailable(err) : err;
    }
    // A checked-out client whose server dies emits 'error' besides failing its query: without a listener, Node
    // would end the process.
    const onError = (err: Error) => logger.warn('database connection lost during a transaction', { error: err.message });
    client.on('error', onError);
    try {
      await client.query('BEGIN');
      const result = await fn(client);
      await client.query('COMMIT');
      return result;
    } catch (err) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw isUnavailable(err) ? unavailable(err) : err;
    } finally {
      client.off('error', onError);
      client.release();
    }
  }

  /**
   * Waits (up to `timeoutMs`) until every replica has replayed what the primary has written so far: after a seed
   * at start-up, so the first reads do not find an empty replica.
   */
  async catchUp(timeoutMs: number): Promise<void> {
    if (!this.replicas.length) return;
    const { rows } = await this.primary.query<{ lsn: string }>('SELECT pg_current_wal_lsn()::text AS lsn');
    const deadline = Date.now() + timeoutMs;
    await Promise.all(
      this.replicas.map(async (r) => {
        while (Date.now() < deadline) {
          try {
            const res = await r.pool.query<{ ok: boolean }>('SELECT pg_last_wal_replay_lsn() >= $1::pg_lsn AS ok', [rows[0].lsn]);
            if (res.rows[0].ok) return;
          } catch {
            return;
          }
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      }),
    );
    await this.check();
  }

  /** Whether the primary answered its last check, and each replica's state: what /healthz shows. */
  health(): { primary: true | string; replicas: Record<string, ReplicaState> } {
    return {
      primary: this.primaryError === null ? true : this.primaryError,
      replicas: Object.fromEntries(this.replicas.map((r) => [r.label, r.status])),
    };
  }

  check(): Promise<void> {
    this.checking ??= this.runCheck().finally(() => (this.checking = null));
    return this.checking;
  }

  private async runCheck(): Promise<void> {
    let primaryLsn: string | null = null;
    try {
      const { rows } = await this.primary.query<{ lsn: string }>('SELECT pg_current_wal_lsn()::text AS lsn');
      primaryLsn = rows[0].lsn;
      if (this.primaryError !== null) logger.info('database primary is back', { database: this.primaryLabel });
      this.primaryError = null;
    } catch (err) {
      if (this.primaryError === null) logger.warn('database primary unavailable', { database: this.primaryLabel, error: (err as Error).message });
      this.primaryError = (err as Error).message;
    }
    await Promise.all(this.replicas.map((r) => this.checkReplica(r, primaryLsn)));
  }

  /**
   * Lag is zero when the replica has replayed everything the primary had written a moment before; otherwise it is
   * the age of the last transaction it replayed (an idle primary writes nothing, so a stale timestamp alone is no lag).
   */
  private async checkReplica(replica: Replica, primaryLsn: string | null): Promise<void> {
    try {
      const { rows } = await replica.pool.query<{ recovery: boolean; caught_up: boolean | null; age_ms: number | null }>(
        `SELECT pg_is_in_recovery() AS recovery,
                CASE WHEN $1::pg_lsn IS NULL THEN NULL ELSE pg_last_wal_replay_lsn() >= $1::pg_lsn END AS caught_up,
                (extract(epoch FROM now() - pg_last_xact_replay_timestamp()) * 1000)::float8 AS age_ms`,
        [primaryLsn],
      );
      const r = rows[0];
      if (!r.recovery) {
        this.setReplica(replica, { state: 'down', error: 'not a replica (not in recovery): refusing to read from it' });
        return;
      }
      const lagMs = r.caught_up ? 0 : Math.max(0, Math.round(r.age_ms ?? 0));
      this.setReplica(replica, lagMs > this.options.maxReplicaLagMs ? { state: 'lagging', lagMs } : { state: 'ok', lagMs });
    } catch (err) {
      this.setReplica(replica, { state: 'down', error: (err as Error).message });
    }
  }

  private setReplica(replica: Replica, status: ReplicaState): void {
    const was = replica.status.state;
    replica.status = status;
    if (was === status.state) return;
    const fields = { replica: replica.label, ...status, maxLagMs: this.options.maxReplicaLagMs };
    if (status.state === 'ok') logger.info('database replica in use', fields);
    else logger.warn(`database replica skipped: ${status.state}`, fields);
  }

  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.checking?.catch(() => undefined);
    await Promise.all([this.primary.end(), ...this.replicas.map((r) => r.pool.end())].map((p) => p.catch(() => undefined)));
  }
}

const statementNames = new Map<string, string>();

/**
 * A query as a named prepared statement: parsed and planned once per connection, which saves about a millisecond
 * per call on the short searches. Only for statements whose best plan does not depend on the values (forced
 * per-range scans, lookups by id): after five runs PostgreSQL may switch to one generic plan.
 */
export function prepared(text: string, values: unknown[]): pg.QueryConfig {
  let name = statementNames.get(text);
  if (!name) statementNames.set(text, (name = `s${statementNames.size + 1}`));
  return { name, text, values };
}
