import type { DatabaseConfig } from '@/lib/config/env';
import { logger } from '@/lib/core/logger';
import { lookup, publish, unpublish } from '@/lib/core/registry';
import { PgCluster, type PgClusterOptions, type Queryable } from './cluster';
import { migrate, waitForDatabase } from './migrate';

/** What opens the process's door to one PostgreSQL database: its cluster of servers and how long to wait for it. */
export interface DatabaseOptions extends Omit<PgClusterOptions, 'replicaUrls' | 'maxReplicaLagMs'> {
  replicaUrls?: string[];
  maxReplicaLagMs?: number;
  /** How long the first opener waits for the primary to accept connections. */
  waitMs?: number;
}

/** One user's hold on the shared cluster: `release` once when done; the last release closes the pools. */
export interface DatabaseHandle {
  cluster: PgCluster;
  release(): Promise<void>;
}

interface Door {
  ready: Promise<PgCluster>;
  users: number;
}

/** The application's database options, the same for every store, so they all share one door. */
export function databaseOptions(config: DatabaseConfig): DatabaseOptions {
  return {
    primaryUrl: config.url,
    replicaUrls: config.readUrls,
    maxReplicaLagMs: config.maxReplicaLagMs,
    poolSize: config.poolSize,
    waitMs: config.waitMs,
  };
}

// Stores opened with the same servers and pool share one door; a test opening the same database with other
// replicas or another pool size gets a door of its own.
const doorKey = (o: DatabaseOptions) =>
  `db.postgres ${JSON.stringify([o.primaryUrl, o.replicaUrls ?? [], o.maxReplicaLagMs ?? 0, o.poolSize, o.checkIntervalMs ?? null, o.statementTimeoutMs ?? null])}`;

async function connect(options: DatabaseOptions): Promise<PgCluster> {
  await waitForDatabase(options.primaryUrl, options.waitMs ?? 30_000);
  await migrate(options.primaryUrl, (line) => {
    if (line.startsWith('> - ')) logger.info('database migration', { migration: line.slice(4) });
  });
  const cluster = new PgCluster({ ...options, replicaUrls: options.replicaUrls ?? [], maxReplicaLagMs: options.maxReplicaLagMs ?? 0 });
  await cluster.start();
  return cluster;
}

/**
 * The process's one door to a PostgreSQL database: the first opener waits for it, applies the migrations and starts
 * the pools (primary and replicas); every other store of the process (and of Next's bundles, through the registry)
 * shares them. Each opener gets a handle to release; the pools close with the last.
 */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  const key = doorKey(options);
  let door = lookup<Door>(key);
  if (!door) {
    door = { ready: connect(options), users: 0 };
    publish(key, door);
  }
  const opened = door;
  opened.users++;
  let cluster: PgCluster;
  try {
    cluster = await opened.ready;
  } catch (err) {
    if (--opened.users === 0 && lookup(key) === opened) unpublish(key);
    throw err;
  }
  let released = false;
  return {
    cluster,
    async release() {
      if (released) return;
      released = true;
      if (--opened.users > 0) return;
      if (lookup(key) === opened) unpublish(key);
      await cluster.close();
    },
  };
}

/**
 * The primary of the shared door as a `Queryable` that opens the door on its first query: for the stores Next's
 * bundles open synchronously on first use (the Explorer's session records), which in the server find the door the
 * subsystems opened at start-up. `close` releases it.
 */
export function lazyPrimary(options: DatabaseOptions): { db: Queryable; close(): Promise<void> } {
  let handle: Promise<DatabaseHandle> | null = null;
  const open = () =>
    (handle ??= openDatabase(options).catch((err: unknown) => {
      handle = null;
      throw err;
    }));
  // The session records pass text and values; the cast keeps pg's overloaded signature for the callers.
  const query = (async (text: string, values?: unknown[]) => (await open()).cluster.primary.query(text, values)) as Queryable['query'];
  return {
    db: { query },
    async close() {
      const opened = await handle?.catch(() => null);
      handle = null;
      await opened?.release();
    },
  };
}
