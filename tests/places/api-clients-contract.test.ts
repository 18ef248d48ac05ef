// One contract for the Place API client stores (SQLite file, PostgreSQL), each opened twice on the same storage as
// two instances would; and the PostgreSQL store's short cache: a change on one instance is honoured on the other
// within the cache's time. The cache runs on a clock the test moves: what it answers does not depend on how fast
// the machine runs the test.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FULL_ACCESS, PUBLIC_ACCESS } from '@/lib/places/auth/account';
import { PostgresApiClients } from '@/lib/places/auth/api-clients/postgres';
import { sqliteApiClients } from '@/lib/places/auth/api-clients/sqlite';
import type { ApiClients } from '@/lib/places/auth/api-clients/types';
import { authenticateRequest } from '@/lib/places/auth/authenticate';
import { signPlacesRequest } from '@/lib/places/auth/hmac';
import { newEncryptionKey, parseEncryptionKey, SecretBox } from '@/lib/core/secret-box';
import { createTestDatabase, type TestDatabase } from '../support/postgres';
import { manualClock } from '../support/wait';

const TTL_MS = 5_000;
/** The PostgreSQL stores' cache clock (the SQLite stores have no cache: moving it changes nothing for them). */
const clock = manualClock();
const box = new SecretBox([parseEncryptionKey(newEncryptionKey())!]);
let dir: string;
let database: TestDatabase;
const engines: { name: string; a: ApiClients; b: ApiClients }[] = [];

async function storedText(name: string): Promise<string> {
  if (name === 'sqlite') return ['', '-wal'].map((s) => path.join(dir, `c.sqlite${s}`)).filter((f) => fs.existsSync(f)).map((f) => fs.readFileSync(f).toString('latin1')).join('');
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    return JSON.stringify((await client.query('SELECT * FROM places_api_clients')).rows);
  } finally {
    await client.end();
  }
}

const TARGET = '/api/v2/tags';
const signed = (clientId: string, key: string) => ({ 'svc-org-app-client-id': clientId, 'svc-org-app-hmac': signPlacesRequest(TARGET, key) });

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'api-clients-contract-'));
  database = await createTestDatabase('api_clients');
  const [pa, pb] = await Promise.all([0, 1].map(() => PostgresApiClients.open({ primaryUrl: database.url, poolSize: 2, cacheTtlMs: TTL_MS, now: clock.now }, box)));
  engines.push(
    { name: 'sqlite', a: sqliteApiClients(path.join(dir, 'c.sqlite'), box), b: sqliteApiClients(path.join(dir, 'c.sqlite'), box) },
    { name: 'postgres', a: pa, b: pb },
  );
});

afterAll(async () => {
  for (const e of engines) await Promise.all([e.a.close(), e.b.close()]);
  await database?.drop();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe.each(['sqlite', 'postgres'])('Place API clients on %s', (name) => {
  const a = () => engines.find((e) => e.name === name)!.a;
  const b = () => engines.find((e) => e.name === name)!.b;

  it('creates, reads, lists, counts and configures clients, keys sealed at rest', async () => {
    const before = await b().count();
    const created = await a().create({ name: 'Harbor', organizationId: 'org-harbor', config: FULL_ACCESS });
    expect(created).toMatchObject({ name: 'Harbor', organization_id: 'org-harbor', disabled: false, config: FULL_ACCESS, previous_secret_key: null });
    expect(created.client_id).toMatch(/^pc_[0-9a-f]{20}$/);
    expect(created.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(await b().get(created.client_id)).toEqual(created);
    expect(await b().get('pc_unknown')).toBeNull();
    expect(await b().count()).toBe(before + 1);
    const listed = (await b().list()).find((c) => c.client_id === created.client_id)!;
    expect(listed).not.toHaveProperty('secret_key');
    expect(listed.name).toBe('Harbor');
    expect(await storedText(name)).not.toContain(created.secret_key);

    expect(await a().configure(created.client_id, PUBLIC_ACCESS)).toBe(true);
    expect((await a().get(created.client_id))!.config).toEqual(PUBLIC_ACCESS);
    expect(await a().configure('pc_unknown', PUBLIC_ACCESS)).toBe(false);
  });

  it('rotates with a grace period for the previous key, or none, and disables', async () => {
    const c = await a().create({ name: 'Rotating', config: FULL_ACCESS });
    const next = (await a().rotate(c.client_id, 3600))!;
    expect(next).not.toBe(c.secret_key);
    expect(await a().get(c.client_id)).toMatchObject({ secret_key: next, previous_secret_key: c.secret_key });
    await expect(authenticateRequest(signed(c.client_id, c.secret_key), TARGET, a())).resolves.toMatchObject({ client_id: c.client_id });
    const last = (await a().rotate(c.client_id, 0))!;
    expect(await a().get(c.client_id)).toMatchObject({ secret_key: last, previous_secret_key: null });
    await expect(authenticateRequest(signed(c.client_id, next), TARGET, a())).rejects.toMatchObject({ code: 'unauthorized' });
    await expect(authenticateRequest(signed(c.client_id, last), TARGET, a())).resolves.toMatchObject({ client_id: c.client_id });
    expect(await a().rotate('pc_unknown')).toBeNull();

    expect(await a().setDisabled(c.client_id, true)).toBe(true);
    await expect(authenticateRequest(signed(c.client_id, last), TARGET, a())).rejects.toMatchObject({ code: 'forbidden' });
    expect(await a().setDisabled('pc_unknown', true)).toBe(false);
  });

  it('honours a rotation and a disabling made on another instance within the cache time', async () => {
    const c = await a().create({ name: 'Shared', config: FULL_ACCESS });
    // Instance B has answered a request of this client: it is in B's cache now.
    await expect(authenticateRequest(signed(c.client_id, c.secret_key), TARGET, b())).resolves.toMatchObject({ client_id: c.client_id });
    const fresh = (await a().rotate(c.client_id, 0))!;
    await expect(authenticateRequest(signed(c.client_id, fresh), TARGET, a())).resolves.toMatchObject({ client_id: c.client_id });
    if (name === 'postgres') {
      // Until its cache time is up, B answers from its cache: the previous key still passes there.
      clock.advance(TTL_MS - 1);
      await expect(authenticateRequest(signed(c.client_id, c.secret_key), TARGET, b())).resolves.toMatchObject({ client_id: c.client_id });
    }
    clock.advance(TTL_MS);
    await expect(authenticateRequest(signed(c.client_id, c.secret_key), TARGET, b())).rejects.toMatchObject({ code: 'unauthorized' });
    await expect(authenticateRequest(signed(c.client_id, fresh), TARGET, b())).resolves.toMatchObject({ client_id: c.client_id });

    await a().setDisabled(c.client_id, true);
    clock.advance(TTL_MS);
    await expect(authenticateRequest(signed(c.client_id, fresh), TARGET, b())).rejects.toMatchObject({ code: 'forbidden' });
  });
});

describe('the PostgreSQL store cache', () => {
  it('answers a client from memory until its time is up, with one query for many requests at once', async () => {
    const { a, b } = engines.find((e) => e.name === 'postgres')!;
    const c = await a.create({ name: 'Cached', config: FULL_ACCESS });
    const queries: string[] = [];
    const pool = (b as unknown as { cluster: { primary: pg.Pool } }).cluster.primary;
    const original = pool.query.bind(pool);
    pool.query = ((...args: Parameters<pg.Pool['query']>) => {
      const text = String(typeof args[0] === 'string' ? args[0] : (args[0] as { text: string }).text);
      // The cluster's own health checks run on the same pool.
      if (text.includes('places_api_clients')) queries.push(text);
      return original(...args);
    }) as pg.Pool['query'];
    try {
      clock.advance(TTL_MS);
      const answers = await Promise.all(Array.from({ length: 50 }, () => b.get(c.client_id)));
      expect(answers.every((x) => x?.secret_key === c.secret_key)).toBe(true);
      expect(queries).toHaveLength(1);
      clock.advance(TTL_MS - 1);
      await b.get(c.client_id);
      await b.get('pc_made_up');
      await b.get('pc_made_up');
      expect(queries).toHaveLength(2);
      // Its time up, the client is read again.
      clock.advance(1);
      await b.get(c.client_id);
      expect(queries).toHaveLength(3);
      // A change on this very instance is seen at once.
      await b.setDisabled(c.client_id, true);
      expect((await b.get(c.client_id))!.disabled).toBe(true);
    } finally {
      pool.query = original as pg.Pool['query'];
    }
  });
});
