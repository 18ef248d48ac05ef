// `npm run places:reorder`: the table rewrite that migration 0013 leaves to the operator (it locks `places`).
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '@/lib/db/postgres/migrate';
import { runCli } from '../cluster/cli';
import { createTestDatabase, type TestDatabase } from '../support/postgres';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase('reorder');
  await migrate(database.url);
});

afterAll(async () => {
  await database?.drop();
});

async function query<T extends pg.QueryResultRow>(sql: string): Promise<T> {
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    return (await client.query<T>(sql)).rows[0];
  } finally {
    await client.end();
  }
}

describe('reordering the places on PostgreSQL', () => {
  it('migration 0013 only records the order; the command rewrites the table in it', async () => {
    const clusteredOn = await query<{ name: string }>(`SELECT c.relname AS name FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid WHERE i.indrelid = 'places'::regclass AND i.indisclustered`);
    expect(clusteredOn.name).toBe('places_location_order');
    const before = await query<{ file: string }>(`SELECT pg_relation_filenode('places')::text AS file`);
    const out = await runCli(['scripts/places/reorder.ts'], { DATABASE_URL: database.url });
    expect(out).toMatch(/^reordered in \d+\.\d s$/m);
    const after = await query<{ file: string }>(`SELECT pg_relation_filenode('places')::text AS file`);
    expect(after.file).not.toBe(before.file);
  });

  it('says what is missing without DATABASE_URL', async () => {
    await expect(runCli(['scripts/places/reorder.ts'], { DATABASE_URL: '' })).rejects.toThrow(/set DATABASE_URL/);
  });
});
