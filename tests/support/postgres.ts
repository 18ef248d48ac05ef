import crypto from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { waitUntil } from './wait';

export interface TestDatabase {
  name: string;
  url: string;
  readUrls: string[];
  /** Resolves when every replica has replayed what the primary has written so far; throws if one has not in 60 s. */
  replicasCaughtUp(): Promise<void>;
  drop(): Promise<void>;
}

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

export function postgresServers() {
  return inject('postgres');
}

/** A fresh database of its own for one test file, on the run's PostgreSQL servers (replicas included). */
export async function createTestDatabase(label: string): Promise<TestDatabase> {
  const servers = postgresServers();
  const name = `te_${label.replace(/\W/g, '_').slice(0, 30)}_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: servers.primaryUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const db: TestDatabase = {
    name,
    url: withDatabase(servers.primaryUrl, name),
    readUrls: servers.replicaUrls.map((u) => withDatabase(u, name)),
    async replicasCaughtUp() {
      const primary = new pg.Client({ connectionString: servers.primaryUrl });
      await primary.connect();
      const { rows } = await primary.query<{ lsn: string }>('SELECT pg_current_wal_lsn()::text AS lsn');
      await primary.end();
      for (const url of servers.replicaUrls) {
        const replica = new pg.Client({ connectionString: url });
        await replica.connect();
        try {
          await waitUntil(
            `the replica at ${url} to replay up to ${rows[0].lsn}`,
            async () => (await replica.query<{ ok: boolean }>('SELECT pg_last_wal_replay_lsn() >= $1::pg_lsn AS ok', [rows[0].lsn])).rows[0].ok,
            { intervalMs: 50 },
          );
        } finally {
          await replica.end();
        }
      }
    },
    async drop() {
      const c = new pg.Client({ connectionString: servers.primaryUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
      await c.end();
    },
  };
  return db;
}
