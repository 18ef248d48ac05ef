import crypto from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseConfig } from '@/lib/config/env';
import { SecretBox } from '@/lib/core/secret-box';
import { databaseOptions, openDatabase } from '@/lib/db/postgres/database';
import { openIdentityDirectory } from '@/lib/identity/directory';
import { openProviderStore } from '@/lib/identity/provider-store';
import { openApiClients } from '@/lib/places/auth/api-clients';
import { openPlaceStore } from '@/lib/places/store';
import { openTripStore } from '@/lib/trips/store';
import { createTestDatabase, type TestDatabase } from '../support/postgres';
import { tempDataDir } from '../support/temp-dirs';

let database: TestDatabase;
let config: DatabaseConfig;

beforeAll(async () => {
  database = await createTestDatabase('door');
  config = { url: database.url, readUrls: database.readUrls, maxReplicaLagMs: 60_000, poolSize: 4, waitMs: 30_000, memoryColumns: false };
});

afterAll(() => database.drop());

async function connections(): Promise<{ application_name: string; n: number }[]> {
  const admin = new pg.Client({ connectionString: database.url });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ application_name: string; n: number }>(
      `SELECT application_name, count(*)::int AS n FROM pg_stat_activity
        WHERE datname = current_database() AND pid <> pg_backend_pid() GROUP BY 1 ORDER BY 1`,
    );
    return rows;
  } finally {
    await admin.end();
  }
}

describe('the process\'s one door to PostgreSQL', () => {
  it('is shared by openers of the same database, migrated once, and closed by the last release', async () => {
    const a = await openDatabase(databaseOptions(config));
    const b = await openDatabase(databaseOptions(config));
    expect(b.cluster).toBe(a.cluster);
    const other = await openDatabase({ ...databaseOptions(config), replicaUrls: [] });
    expect(other.cluster).not.toBe(a.cluster);
    await other.release();
    await a.release();
    await a.release();
    await b.cluster.primary.query('SELECT 1');
    await b.release();
    await expect(b.cluster.primary.query('SELECT 1')).rejects.toThrow();
  });

  it('is the only pool of every store the server opens on one database', async () => {
    const dataDir = { file: (name: string) => path.join(tempDataDir('door'), name) };
    const box = new SecretBox([crypto.randomBytes(32)]);
    const app = { database: config };
    const stores = [
      await openIdentityDirectory(app, dataDir),
      await openProviderStore(app, dataDir, box),
      await openPlaceStore(app, dataDir),
      await openApiClients(app, dataDir, box),
      await openTripStore(app, dataDir),
    ];
    const names = (await connections()).map((row) => row.application_name);
    // The pools of the door, and the place store's LISTEN connection, which a pool cannot hold.
    expect(names.filter((name) => name !== 'trip-explorer' && name !== '')).toEqual([]);
    for (const store of stores) await store.close();
  });
});
