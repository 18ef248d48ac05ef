import fs from 'node:fs';
import path from 'node:path';
import { runner } from 'node-pg-migrate';
import { DatabaseSetupError } from '../setup-error';
import { connectClient } from './client';
import { describeUrl, isUnavailable } from './errors';

export const MIGRATIONS_DIR = path.join(__dirname, 'migrations');
const MIGRATIONS_TABLE = 'schema_migrations';

export { DatabaseSetupError };

export function migrationNames(): string[] {
  return fs
    .readdirSync(MIGRATIONS_DIR)
    .filter((f) => f.endsWith('.sql'))
    .map((f) => f.slice(0, -4))
    .sort();
}

/** Waits for the server to accept connections (a database starting beside the app), up to `timeoutMs`. */
export async function waitForDatabase(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const client = await connectClient({ connectionString: url, connectionTimeoutMillis: 2000 });
      try {
        await client.query('SELECT 1');
        return;
      } finally {
        await client.end().catch(() => undefined);
      }
    } catch (err) {
      last = err;
      if (!isUnavailable(err)) throw new DatabaseSetupError(`cannot use the database ${describeUrl(url)}: ${(err as Error).message}`);
    }
    if (Date.now() > deadline) {
      throw new DatabaseSetupError(`the database ${describeUrl(url)} did not answer within ${Math.round(timeoutMs / 1000)} s: ${(last as Error).message}`);
    }
    await new Promise((r) => setTimeout(r, 500));
  }
}

/**
 * Applies the migrations in `lib/db/postgres/migrations` that have not run yet, under node-pg-migrate's advisory
 * lock, so instances starting together migrate once. A database that has run a migration this code does not know
 * (a newer version of the app) is refused rather than touched.
 */
export async function migrate(url: string, log: (line: string) => void = () => undefined): Promise<string[]> {
  const client = await connectClient({ connectionString: url, connectionTimeoutMillis: 5000 });
  try {
    const known = new Set(migrationNames());
    const exists = await client.query(`SELECT to_regclass($1) AS t`, [MIGRATIONS_TABLE]);
    if (exists.rows[0].t) {
      const { rows } = await client.query<{ name: string }>(`SELECT name FROM ${MIGRATIONS_TABLE} ORDER BY run_on, id`);
      const unknown = rows.map((r) => r.name).filter((n) => !known.has(n));
      if (unknown.length) {
        throw new DatabaseSetupError(
          `the database ${describeUrl(url)} is at migration ${unknown[unknown.length - 1]}, newer than this version of the app ` +
            `(latest ${[...known].pop()}): run the newer app, or restore a matching backup`,
        );
      }
    }
    const extension = await client.query(`SELECT 1 FROM pg_available_extensions WHERE name = 'postgis'`);
    if (!extension.rowCount) {
      throw new DatabaseSetupError(`PostGIS is not installed on the database server ${describeUrl(url)}: install it (Debian: apt-get install postgresql-15-postgis-3)`);
    }
    try {
      const ran = await runner({
        dbClient: client,
        dir: MIGRATIONS_DIR,
        migrationsTable: MIGRATIONS_TABLE,
        direction: 'up',
        checkOrder: true,
        singleTransaction: true,
        advisoryLockMode: 'wait',
        log,
        logger: { debug: () => undefined, info: log, warn: log, error: log },
      } as Parameters<typeof runner>[0]);
      return ran.map((m) => m.name);
    } catch (err) {
      const message = (err as Error).message;
      if (/permission denied to create extension|must be owner|superuser/i.test(message)) {
        throw new DatabaseSetupError(`cannot create the PostGIS extension on ${describeUrl(url)}: run "CREATE EXTENSION postgis" as a superuser once, then start again`);
      }
      throw new DatabaseSetupError(`migrating ${describeUrl(url)} failed: ${message}`);
    }
  } finally {
    await client.end().catch(() => undefined);
  }
}
