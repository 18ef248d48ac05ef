// One contract for the identity server's provider state (oidc-provider models, OIDC clients, signing keys) on
// SQLite (with the key file) and on PostgreSQL. Each engine is opened twice on the same storage: two instances.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { endAccountSessions, endOtherSessions, listAccountSessions, sessionOfGrant } from '@/lib/identity/account-models';
import { oidcAdapter } from '@/lib/identity/adapter';
import { SESSION_DEVICE } from '@/lib/identity/session-devices';
import { RETIRED_KEY_GRACE_SECONDS, SIGNING_KEYS_FILE } from '@/lib/identity/keys';
import { sqliteProviderStore } from '@/lib/identity/provider-store';
import { openPostgresProviderStore } from '@/lib/identity/provider-store/postgres/store';
import type { ProviderStore } from '@/lib/identity/provider-store/types';
import { IDENTITY_SCHEMA, type IdentityDb } from '@/lib/identity/store';
import { openSqliteFile } from '@/lib/db/sqlite/database';
import { newEncryptionKey, parseEncryptionKey, SecretBox } from '@/lib/core/secret-box';
import { createTestDatabase, type TestDatabase } from '../support/postgres';
import { EVENTUALLY_MS, waitUntil } from '../support/wait';

let dir: string;
let database: TestDatabase;
const encryptionKey = parseEncryptionKey(newEncryptionKey())!;
const box = new SecretBox([encryptionKey]);
const opened: { name: string; a: ProviderStore; b: ProviderStore }[] = [];
const sqliteFiles: IdentityDb[] = [];

/** The raw rows of a table, as text: what an attacker with the storage (file or database) would read. */
async function storedText(name: string, table: string): Promise<string> {
  if (name === 'sqlite') {
    if (table === 'identity_signing_keys') return fs.readFileSync(path.join(dir, SIGNING_KEYS_FILE), 'utf8');
    return JSON.stringify(sqliteFiles[0].prepare(`SELECT * FROM ${table}`).all());
  }
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    return JSON.stringify((await client.query(`SELECT * FROM ${table}`)).rows);
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'provider-store-contract-'));
  database = await createTestDatabase('provider_store');
  const file = path.join(dir, 'identity.sqlite');
  sqliteFiles.push(openSqliteFile(file, IDENTITY_SCHEMA), openSqliteFile(file, IDENTITY_SCHEMA));
  const keysFile = path.join(dir, SIGNING_KEYS_FILE);
  // Both PostgreSQL instances start together, as two app instances on one fresh database would.
  const [pa, pb] = await Promise.all([0, 1].map(() => openPostgresProviderStore({ primaryUrl: database.url, poolSize: 3 }, box)));
  opened.push(
    { name: 'sqlite', a: sqliteProviderStore(sqliteFiles[0], keysFile, box), b: sqliteProviderStore(sqliteFiles[1], keysFile, box) },
    { name: 'postgres', a: pa, b: pb },
  );
});

afterAll(async () => {
  for (const o of opened) await Promise.all([o.a.close(), o.b.close()]);
  for (const db of sqliteFiles) db.close();
  await database?.drop();
  fs.rmSync(dir, { recursive: true, force: true });
});

afterEach(() => {
  vi.useRealTimers();
});

describe.each(['sqlite', 'postgres'])('provider state on %s', (name) => {
  const a = () => opened.find((o) => o.name === name)!.a;
  const b = () => opened.find((o) => o.name === name)!.b;

  it('stores a model, finds it by id, uid and user code on another instance, and forgets it once expired', async () => {
    const payload = { jti: 's1', uid: `uid-${name}`, accountId: 'acc-1', kind: 'Session' };
    await a().models.upsert('Session', 's1', payload, 60);
    expect(await b().models.find('Session', 's1')).toEqual(payload);
    expect(await b().models.findByUid('Session', `uid-${name}`)).toEqual(payload);
    expect(await b().models.find('Grant', 's1')).toBeUndefined();
    await a().models.upsert('DeviceCode', 'd1', { jti: 'd1', userCode: 'ABCD-EFGH' }, 60);
    expect(await b().models.findByUserCode('DeviceCode', 'ABCD-EFGH')).toEqual({ jti: 'd1', userCode: 'ABCD-EFGH' });

    // An upsert replaces the payload and the expiry.
    await a().models.upsert('Session', 's1', { ...payload, loginTs: 5 }, 60);
    expect(await b().models.find('Session', 's1')).toMatchObject({ loginTs: 5 });

    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 61_000);
    expect(await b().models.find('Session', 's1')).toBeUndefined();
    expect(await b().models.findByUid('Session', `uid-${name}`)).toBeUndefined();
    expect(await b().models.pruneExpired()).toBeGreaterThanOrEqual(2);
    vi.useRealTimers();
    expect(await a().models.pruneExpired()).toBe(0);
  });

  it('keeps a model without expiry until it is destroyed', async () => {
    await a().models.upsert('Grant', 'g-forever', { jti: 'g-forever', accountId: 'acc-1' });
    expect(await b().models.find('Grant', 'g-forever')).toEqual({ jti: 'g-forever', accountId: 'acc-1' });
    await b().models.destroy('Grant', 'g-forever');
    expect(await a().models.find('Grant', 'g-forever')).toBeUndefined();
  });

  it('revokes every model of a grant', async () => {
    await a().models.upsert('AccessToken', 'at-1', { jti: 'at-1', grantId: 'g-1' }, 600);
    await a().models.upsert('RefreshToken', 'rt-1', { jti: 'rt-1', grantId: 'g-1' }, 600);
    await a().models.upsert('AccessToken', 'at-2', { jti: 'at-2', grantId: 'g-2' }, 600);
    await b().models.revokeByGrantId('g-1');
    expect(await a().models.find('AccessToken', 'at-1')).toBeUndefined();
    expect(await a().models.find('RefreshToken', 'rt-1')).toBeUndefined();
    expect(await a().models.find('AccessToken', 'at-2')).toBeDefined();
  });

  it('consumes once: of many consumes at the same moment on two instances exactly one succeeds', async () => {
    await a().models.upsert('RefreshToken', 'rt-race', { jti: 'rt-race', grantId: 'g-race' }, 600);
    const results = await Promise.all(Array.from({ length: 12 }, (_, i) => (i % 2 ? a() : b()).models.consume('RefreshToken', 'rt-race')));
    expect(results.filter(Boolean)).toHaveLength(1);
    const found = await b().models.find('RefreshToken', 'rt-race');
    expect(typeof found?.consumed).toBe('number');
    expect(await a().models.consume('RefreshToken', 'rt-race')).toBe(false);
    expect(await a().models.consume('RefreshToken', 'missing')).toBe(false);
  });

  it("finds an account's sessions and grants, ends the other sessions with their grants' tokens, then everything", async () => {
    const acc = `acc-sessions-${name}`;
    const m = a().models;
    await m.upsert('Session', `sa-${name}`, { jti: `sa-${name}`, uid: `sid-a-${name}`, accountId: acc, loginTs: 100, authorizations: { explorer: { grantId: `ga-${name}` } } }, 600);
    await m.upsert('Session', `sb-${name}`, { jti: `sb-${name}`, uid: `sid-b-${name}`, accountId: acc, loginTs: 200, authorizations: { tester: { grantId: `gb-${name}` } } }, 600);
    await m.upsert('Session', `so-${name}`, { jti: `so-${name}`, uid: `sid-o-${name}`, accountId: 'someone-else', loginTs: 300 }, 600);
    for (const g of ['ga', 'gb', 'gp']) {
      await m.upsert('Grant', `${g}-${name}`, { jti: `${g}-${name}`, accountId: acc }, 600);
      await m.upsert('RefreshToken', `rt-${g}-${name}`, { jti: `rt-${g}-${name}`, accountId: acc, grantId: `${g}-${name}` }, 600);
    }
    // The browsers the sessions signed in from (kept by rememberSessionDevices), one of them not known.
    await m.upsert(SESSION_DEVICE, `sid-a-${name}`, { accountId: acc, userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36' }, 600);
    await m.upsert(SESSION_DEVICE, `sid-b-${name}`, { accountId: acc, userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1' }, 600);
    const sessions = await listAccountSessions(b().models, acc, `sid-a-${name}`);
    expect(sessions.map((s) => [s.id, s.clients, s.device, s.current])).toEqual([
      [`sid-b-${name}`, ['tester'], 'Safari on iPhone', false],
      [`sid-a-${name}`, ['explorer'], 'Chrome on Linux', true],
    ]);
    expect(await sessionOfGrant(b().models, acc, `gb-${name}`)).toBe(`sid-b-${name}`);
    expect(await sessionOfGrant(b().models, acc, `gp-${name}`)).toBeUndefined();

    expect(await endOtherSessions(b().models, acc, `sid-a-${name}`)).toBe(1);
    expect((await listAccountSessions(a().models, acc)).map((s) => s.id)).toEqual([`sid-a-${name}`]);
    expect(await a().models.find('RefreshToken', `rt-ga-${name}`)).toBeDefined();
    expect(await a().models.find('RefreshToken', `rt-gb-${name}`)).toBeUndefined();
    expect(await a().models.find('Grant', `gp-${name}`)).toBeUndefined();
    expect(await a().models.find('Session', `so-${name}`)).toBeDefined();
    expect(await a().models.find(SESSION_DEVICE, `sid-b-${name}`)).toBeUndefined();
    expect(await a().models.find(SESSION_DEVICE, `sid-a-${name}`)).toBeDefined();

    expect(await endAccountSessions(b().models, acc)).toBe(3);
    expect(await a().models.find('Session', `sa-${name}`)).toBeUndefined();
    expect(await a().models.find(SESSION_DEVICE, `sid-a-${name}`)).toBeUndefined();
    expect(await a().models.find('Session', `so-${name}`)).toBeDefined();
  });

  it("gives oidc-provider an adapter whose losing consume is invalid_grant, and whose Client model reads the clients", async () => {
    const A = oidcAdapter(a().models, a().clients);
    const B = oidcAdapter(b().models, b().clients);
    await new A('RefreshToken').upsert('rt-adapter', { jti: 'rt-adapter', grantId: 'g-adapter' }, 600);
    const settled = await Promise.allSettled([new A('RefreshToken').consume('rt-adapter'), new B('RefreshToken').consume('rt-adapter')]);
    expect(settled.filter((s) => s.status === 'fulfilled')).toHaveLength(1);
    const lost = settled.find((s) => s.status === 'rejected') as PromiseRejectedResult;
    expect(lost.reason).toMatchObject({ error: 'invalid_grant', status: 400 });

    const created = await a().clients.create({ clientId: `adapter-${name}`, clientName: 'Adapter', grantTypes: ['client_credentials'], responseTypes: [], redirectUris: [], authMethod: 'client_secret_post' });
    expect(await new B('Client').find(`adapter-${name}`)).toMatchObject({ client_id: `adapter-${name}`, client_secret: created.clientSecret });
  });

  it('creates, finds, lists and removes clients, their secrets sealed at rest', async () => {
    const created = await a().clients.create({
      clientId: `crud-${name}`,
      clientName: 'CRUD app',
      grantTypes: ['authorization_code', 'refresh_token'],
      responseTypes: ['code'],
      redirectUris: ['https://app.example/callback'],
      authMethod: 'client_secret_basic',
      backchannelLogoutUri: 'https://app.example/logout',
      firstParty: true,
      about: 'for the contract',
    });
    expect(created.clientSecret).toMatch(/^[\w-]{43}$/);
    const found = await b().clients.find(`crud-${name}`);
    expect(found).toMatchObject({ client_id: `crud-${name}`, client_secret: created.clientSecret, first_party: true, backchannel_logout_session_required: true });
    const listed = (await b().clients.list()).find((c) => c.clientId === `crud-${name}`);
    expect(listed).toMatchObject({ about: 'for the contract', metadata: { client_name: 'CRUD app' } });
    expect(listed!.metadata).not.toHaveProperty('client_secret');
    expect(await storedText(name, 'oidc_clients')).not.toContain(created.clientSecret);

    const jwt = await a().clients.create({ clientName: 'JWT', grantTypes: ['client_credentials'], responseTypes: [], redirectUris: [], authMethod: 'private_key_jwt', jwks: { keys: [{ kty: 'EC' }] } });
    expect(jwt.clientSecret).toBeUndefined();
    expect(await b().clients.find(jwt.clientId)).not.toHaveProperty('client_secret');

    await expect(b().clients.create({ clientId: `crud-${name}`, clientName: 'Again', grantTypes: [], responseTypes: [], redirectUris: [], authMethod: 'client_secret_post' })).rejects.toThrow(/UNIQUE constraint|duplicate key/);
    expect(await b().clients.remove(`crud-${name}`)).toBe(true);
    expect(await a().clients.remove(`crud-${name}`)).toBe(false);
    expect(await a().clients.find(`crud-${name}`)).toBeUndefined();
  });

  it('generates one signing key for instances starting together, keeps its private part sealed, and shares a rotation', async () => {
    const [first, second] = await Promise.all([a().keys.load(), b().keys.load()]);
    expect(first.keys).toHaveLength(1);
    expect(second.keys.map((k) => k.kid)).toEqual(first.keys.map((k) => k.kid));
    const active = first.keys[0];
    expect(active).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
    expect(typeof active.d).toBe('string');
    if (name === 'postgres') expect(await storedText(name, 'identity_signing_keys')).not.toContain(active.d!);
    expect(await b().keys.published()).toEqual([{ kty: 'RSA', kid: active.kid, alg: 'RS256', use: 'sig', n: active.n, e: active.e }]);

    expect(await b().keys.active()).toEqual({ kid: active.kid, createdAt: expect.any(Number) });
    const rotated = await a().keys.rotate();
    expect(rotated.retired).toEqual([active.kid]);
    expect(await b().keys.active()).toEqual({ kid: rotated.kid, createdAt: expect.any(Number) });
    expect((await b().keys.published()).map((k) => k.kid)).toEqual([rotated.kid, active.kid]);
    expect((await b().keys.load()).keys.map((k) => k.kid)).toEqual([rotated.kid, active.kid]);
    if (name === 'postgres') {
      const text = await storedText(name, 'identity_signing_keys');
      for (const k of (await b().keys.load()).keys) expect(text).not.toContain(k.d!);
    }

    // Past the grace period the retired key is no longer published nor loaded.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + (RETIRED_KEY_GRACE_SECONDS + 1) * 1000);
    expect((await b().keys.published()).map((k) => k.kid)).toEqual([rotated.kid]);
    expect((await a().keys.load()).keys.map((k) => k.kid)).toEqual([rotated.kid]);
  });
});

describe('the provider state on postgres after a change of encryption key', () => {
  it('reseals the signing keys and client secrets with the new first key, so the old one can be removed', async () => {
    const fresh = parseEncryptionKey(newEncryptionKey())!;
    const both = await openPostgresProviderStore({ primaryUrl: database.url, poolSize: 1 }, new SecretBox([fresh, encryptionKey]));
    const kids = (await both.keys.load()).keys.map((k) => k.kid);
    await both.close();
    const only = await openPostgresProviderStore({ primaryUrl: database.url, poolSize: 1 }, new SecretBox([fresh]));
    try {
      expect((await only.keys.load()).keys.map((k) => k.kid)).toEqual(kids);
      expect(await only.clients.find('adapter-postgres')).toMatchObject({ client_secret: expect.any(String) });
    } finally {
      await only.close();
    }
  });
});

describe('the provider state on postgres when its database stops answering', () => {
  it('says so in its health check (and so in /healthz), naming the server', async () => {
    const lost = await createTestDatabase('provider_store_lost');
    const store = await openPostgresProviderStore({ primaryUrl: lost.url, poolSize: 1 }, new SecretBox([encryptionKey]));
    try {
      expect(store.health()).toBe(true);
      await lost.drop();
      // Its next background check of the server finds the database gone.
      await waitUntil('the health check to see the database gone', () => store.health() !== true);
      expect(store.health()).toMatch(/^down: postgres .+: .*provider_store_lost/);
    } finally {
      await store.close();
    }
  }, 2 * EVENTUALLY_MS);
});
