// Two real app processes on one PostgreSQL: the identity server's provider state (tokens, clients, signing keys)
// is one. They share a DATA_DIR only because the accounts still live in the identity SQLite file there.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import * as jose from 'jose';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runIdentityCli } from '@/lib/identity/cli';
import { signPlacesRequest } from '@/lib/places/auth/hmac';
import { openDataDir } from '@/lib/core/data-dir';
import { readDemoCredentials } from '@/lib/core/demo-credentials';
import { type ServerProcess, startServer } from '@/scripts/hardening/support/server-process';
import { createTestDatabase, type TestDatabase } from '../support/postgres';
import { tempDataDir } from '../support/test-server';
import { EVENTUALLY_MS, waitUntil } from '../support/wait';

describe('two app instances on one PostgreSQL', () => {
  let a: ServerProcess;
  let b: ServerProcess;
  let database: TestDatabase;
  const dataDir = tempDataDir('two-identity');
  // One issuer, as behind a balancer: the requests go to each instance's own port.
  const publicUrl = 'http://localhost:9';
  let basic: string;
  let password: string;

  beforeAll(async () => {
    database = await createTestDatabase('two_identity');
    const env = { NODE_ENV: 'test', DATABASE_URL: database.url, PLACES_SEED_COUNT: '300', PUBLIC_URL: publicUrl };
    const entry = 'scripts/hardening/support/crash-child.ts';
    a = await startServer({ dataDir, entry, env });
    b = await startServer({ dataDir, entry, env });
    const creds = readDemoCredentials(openDataDir(dataDir));
    const secret = creds.oidc_clients!.find((c) => c.client_id === 'oidc-test-client')!.client_secret;
    basic = `Basic ${Buffer.from(`oidc-test-client:${encodeURIComponent(secret)}`).toString('base64')}`;
    password = creds.users!.find((u) => u.username === 'traveler')!.password;
  }, 240_000);
  afterAll(async () => {
    await a?.stop();
    await b?.stop();
    await database?.drop();
  });

  const token = (server: ServerProcess, params: Record<string, string>) =>
    fetch(`${server.url}/identity/connect/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: basic },
      body: new URLSearchParams(params).toString(),
    });

  /** A refresh token of the password grant at `server`, aged to 90 % of its life (see below). */
  async function agedRefreshToken(server: ServerProcess): Promise<string> {
    const signIn = await token(server, { grant_type: 'password', username: 'traveler', password, scope: 'openid offline_access' });
    expect(signIn.status).toBe(200);
    const { refresh_token: refreshToken } = (await signIn.json()) as { refresh_token: string };
    expect(refreshToken).toBeTruthy();
    // oidc-provider rotates a confidential client's refresh token once 70 % of its life has passed: age this one to
    // 90 % (its issue time moved back), as a token used late in its life would be.
    const db = new pg.Client({ connectionString: database.url });
    await db.connect();
    try {
      const aged = await db.query(
        `UPDATE oidc_models SET payload = jsonb_set(payload, '{iat}', to_jsonb((payload->>'exp')::bigint - 10 * ((payload->>'exp')::bigint - extract(epoch FROM now())::bigint)))
          WHERE model = 'RefreshToken' AND id = $1`,
        [refreshToken],
      );
      expect(aged.rowCount).toBe(1);
    } finally {
      await db.end();
    }
    return refreshToken;
  }

  it('refreshes at B a token issued at A, and the rotated one at A; the old one is then refused as a replay', async () => {
    const first = await agedRefreshToken(a);
    const atB = await token(b, { grant_type: 'refresh_token', refresh_token: first });
    expect(atB.status).toBe(200);
    const rotated = (await atB.json()) as { refresh_token: string; access_token: string };
    expect(rotated.refresh_token).not.toBe(first);
    const userinfo = await fetch(`${a.url}/identity/connect/userinfo`, { headers: { authorization: `Bearer ${rotated.access_token}` } });
    expect(userinfo.status).toBe(200);
    expect((await token(a, { grant_type: 'refresh_token', refresh_token: rotated.refresh_token })).status).toBe(200);
    const replay = await token(a, { grant_type: 'refresh_token', refresh_token: first });
    expect(replay.status).toBe(400);
    expect(((await replay.json()) as { error: string }).error).toBe('invalid_grant');
  });

  it('rotates a refresh token once when both instances are asked at the same moment', async () => {
    const first = await agedRefreshToken(a);
    const answers = await Promise.all(Array.from({ length: 16 }, (_, i) => token(i % 2 ? a : b, { grant_type: 'refresh_token', refresh_token: first })));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 400)).toHaveLength(15);
    for (const r of answers.filter((x) => x.status === 400)) expect(((await r.json()) as { error: string }).error).toBe('invalid_grant');
    expect((await token(b, { grant_type: 'refresh_token', refresh_token: first })).status).toBe(400);
  });

  it('publishes a key rotated from the command line on every instance within seconds, the previous key still there', async () => {
    const jwks = async (server: ServerProcess) =>
      ((await (await fetch(`${server.url}/identity/.well-known/openid-configuration/jwks`)).json()) as { keys: { kid: string }[] }).keys.map((k) => k.kid);
    const before = await jwks(b);
    expect(before).toHaveLength(1);
    expect(await jwks(a)).toEqual(before);
    const signedBefore = (await (await token(a, { grant_type: 'password', username: 'traveler', password, scope: 'openid' })).json()) as { id_token: string };
    expect(jose.decodeProtectedHeader(signedBefore.id_token).kid).toBe(before[0]);

    const output = await runIdentityCli(['keys', 'rotate'], dataDir, onDatabase());
    const kid = /new signing key (\S+);/.exec(output)![1];
    // B publishes it once its cache of the published keys (PUBLISHED_KEYS_TTL_MS) runs out.
    let seen = await jwks(b);
    await waitUntil(() => `B to publish ${kid} (it publishes ${JSON.stringify(seen)})`, async () => (seen = await jwks(b))[0] === kid, { intervalMs: 250 });
    expect(seen).toEqual([kid, before[0]]);
    // A token signed before the rotation still verifies with the JWKS another instance publishes.
    const set = jose.createLocalJWKSet((await (await fetch(`${b.url}/identity/.well-known/openid-configuration/jwks`)).json()) as jose.JSONWebKeySet);
    await jose.jwtVerify(signedBefore.id_token, set, { issuer: `${publicUrl}/identity` });
  }, 2 * EVENTUALLY_MS);

  const onDatabase = () => ({ url: database.url, readUrls: [], maxReplicaLagMs: 0, poolSize: 2, waitMs: 5000 });

  it('registers an OIDC client from the command line that both instances then honour', async () => {
    const output = await runIdentityCli(['clients', 'create', '--name', 'Shared app', '--grant', 'client_credentials', '--auth-method', 'client_secret_post'], dataDir, onDatabase());
    const clientId = /created client (\S+)/.exec(output)![1];
    const secret = /client secret \(shown once\): (\S+)/.exec(output)![1];
    expect(await runIdentityCli(['clients', 'list'], dataDir, onDatabase())).toContain(clientId);
    for (const server of [a, b]) {
      const res = await fetch(`${server.url}/identity/connect/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ grant_type: 'client_credentials', client_id: clientId, client_secret: secret }).toString(),
      });
      expect(res.status).toBe(200);
    }
  });

  it('serves a Place API client created with npm run places:clients on both instances, and honours its rotation within seconds', async () => {
    const cli = async (...args: string[]) =>
      (
        await promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/places/clients.ts', ...args], {
          env: { ...process.env, NODE_ENV: 'test', DATA_DIR: dataDir, DATABASE_URL: database.url },
        })
      ).stdout;
    const created = await cli('create', '--name', 'Shared places client');
    const clientId = /client_id:\s+(\S+)/.exec(created)![1];
    const first = /secret_key:\s+(\S+)/.exec(created)![1];
    expect(await cli('list')).toContain(clientId);
    const status = async (server: ServerProcess, key: string) =>
      (await fetch(`${server.url}/api/v2/tags`, { headers: { 'svc-org-app-client-id': clientId, 'svc-org-app-hmac': signPlacesRequest('/api/v2/tags', key) } })).status;
    expect([await status(a, first), await status(b, first)]).toEqual([200, 200]);

    const rotated = /secret_key:\s+(\S+)/.exec(await cli('rotate', clientId, '--grace-hours', '0'))![1];
    // Each instance honours it once its client cache (CLIENT_CACHE_TTL_MS) runs out.
    let answers: number[] = [];
    await waitUntil(
      () => `both instances to refuse the previous key (they answer ${JSON.stringify(answers)})`,
      async () => (answers = [await status(a, first), await status(b, first)]).every((s) => s === 401),
      { intervalMs: 250 },
    );
    expect(answers).toEqual([401, 401]);
    expect([await status(a, rotated), await status(b, rotated)]).toEqual([200, 200]);
  }, 2 * EVENTUALLY_MS);
});
