// A started instance on PostgreSQL: every store of the Place API, the identity server, the trips and the limits goes
// through one door, so the migrations run once and the instance's connections belong to one pool (plus the place
// store's LISTEN connection and the limits' own small pool).
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DatabaseConfig } from '@/lib/config/env';
import * as migrations from '@/lib/db/postgres/migrate';
import { createTestDatabase, type TestDatabase } from '../support/postgres';
import { startApiServer, type App } from '../identity/support';

vi.mock('@/lib/db/postgres/migrate', async (original) => {
  const actual = await original<typeof import('@/lib/db/postgres/migrate')>();
  return { ...actual, migrate: vi.fn(actual.migrate) };
});

let app: App;
let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase('started_instance');
  const config: DatabaseConfig = { url: database.url, readUrls: [], maxReplicaLagMs: 5000, poolSize: 4, waitMs: 10_000 };
  app = await startApiServer({ demo: true, database: config, limits: { engine: 'postgres', url: database.url } });
});

afterAll(async () => {
  await app?.close();
  await database?.drop();
});

describe('a started instance on PostgreSQL', () => {
  it('ran the migrations once', () => {
    expect(vi.mocked(migrations.migrate)).toHaveBeenCalledTimes(1);
  });

  it('holds its connections under the door\'s pool, the limits\' pool and the LISTEN connection only', async () => {
    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    try {
      const { rows } = await admin.query<{ application_name: string }>(
        `SELECT DISTINCT application_name FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`,
      );
      const names = rows.map((r) => r.application_name);
      expect(names).toContain('trip-explorer');
      expect(names.filter((name) => !['', 'trip-explorer', 'trip-explorer-limits'].includes(name))).toEqual([]);
    } finally {
      await admin.end();
    }
  });
});
