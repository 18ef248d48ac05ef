// Issue 14: "In demo mode on a shared database the first instance seeds and the others find the seed (no race when
// they start together)". Two real server processes, each with an empty DATA_DIR, started at the same moment on one
// empty PostgreSQL database.
import crypto from 'node:crypto';
import fs from 'node:fs';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ORGANIZATIONS } from '@/lib/demo/organizations';
import { COUNT_ALL } from '@/lib/places/store/count-keys';
import { readCredentials, signedHeaders } from '@/scripts/hardening/support/fixtures';
import { startServer, type ServerProcess } from '@/scripts/hardening/support/server-process';
import { type FrontDoor, startFrontDoor } from '../support/front-door';
import { createTestDatabase, type TestDatabase } from '../support/postgres';
import { tempDataDir } from '../support/test-server';

const ENTRY = 'scripts/hardening/support/api-server.ts';
const SEED_COUNT = 1500;

let db: TestDatabase;
let front: FrontDoor;
const servers: ServerProcess[] = [];
const dirs = [tempDataDir('together-A'), tempDataDir('together-B')];

beforeAll(async () => {
  db = await createTestDatabase('together');
  const random = () => crypto.randomBytes(32).toString('base64url');
  // One public URL for both, as a balancer in front gives them.
  front = await startFrontDoor();
  const env = {
    NODE_ENV: 'test',
    DEMO: 'true',
    PLACES_SEED_COUNT: String(SEED_COUNT),
    LOG_REQUESTS: 'false',
    DATABASE_URL: db.url,
    NEXTAUTH_SECRET: random(),
    IDENTITY_COOKIE_KEYS: random(),
    SECRETS_ENCRYPTION_KEYS: random(),
    PUBLIC_URL: front.url,
  };
  servers.push(...(await Promise.all(dirs.map((dataDir) => startServer({ dataDir, entry: ENTRY, env })))));
  front.pointAt(servers[0].url);
}, 240_000);

afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
  await front?.close();
  await db?.drop();
});

describe('two instances started together on an empty database, in demo mode', () => {
  it('seed the places once: the count, the stored per-cell counts and a search total agree at both', async () => {
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ places: number; counted: number }>(
        `SELECT (SELECT count(*)::int FROM places) AS places,
                (SELECT coalesce(sum(n), 0)::int FROM cell_counts WHERE key = $1) AS counted`,
        [COUNT_ALL],
      );
      expect(rows[0]).toEqual({ places: SEED_COUNT, counted: SEED_COUNT });
    } finally {
      await client.end();
    }
    const totals = [];
    for (const [i, server] of servers.entries()) {
      const credentials = readCredentials(dirs[i]);
      const target = '/api/v2/search?center=-74.0,40.7&radius=500000';
      const res = await fetch(server.url + target, { headers: signedHeaders(target, credentials.places_api!) });
      expect(res.status).toBe(200);
      totals.push(((await res.json()) as { meta: { total: number } }).meta.total);
    }
    expect(totals[0]).toBeGreaterThan(0);
    expect(totals[0]).toBeLessThan(SEED_COUNT);
    expect(totals[1]).toBe(totals[0]);
  });

  it('create one set of demo Place API clients, recorded by both', async () => {
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM places_api_clients');
      expect(rows[0].n).toBe(1 + DEMO_ORGANIZATIONS.length);
    } finally {
      await client.end();
    }
    const [a, b] = dirs.map((dir) => readCredentials(dir));
    expect(a.places_api?.client_id).toBeDefined();
    expect(b.places_api).toEqual(a.places_api);
    expect(b.places_api_clients).toEqual(a.places_api_clients);
  });

  it('seed the identity directory once', async () => {
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ username: string; n: number }>('SELECT lower(username) AS username, count(*)::int AS n FROM identity_users GROUP BY 1 HAVING count(*) > 1');
      expect(rows).toEqual([]);
    } finally {
      await client.end();
    }
    expect([dirs[0], dirs[1]].map((d) => readCredentials(d).users?.length ?? 0).filter((n) => n > 0)).toHaveLength(1);
  });

  it('keep no database of their own in DATA_DIR: every store is on PostgreSQL', () => {
    for (const dir of dirs) expect(fs.readdirSync(dir).filter((f) => /\.(sqlite|db)(-wal|-shm)?$/.test(f))).toEqual([]);
  });
});
