// `npm run identity:migrate-to-postgres`: a single instance's DATA_DIR moved to PostgreSQL keeps working for the
// people, relying parties and API consumers who use it: the same accounts, the same OIDC client ids and secrets,
// the same signing keys (tokens issued before still verify) and the same Place API keys.
import fs from 'node:fs';
import path from 'node:path';
import * as jose from 'jose';
import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseConfig } from '@/lib/config/env';
import { runIdentityCli } from '@/lib/identity/cli';
import { readCredentials, signedHeaders } from '@/scripts/hardening/support/fixtures';
import { runCli } from '../cluster/cli';
import { createTestDatabase, type TestDatabase } from '../support/postgres';
import { type FrontDoor, startFrontDoor } from '../support/front-door';
import { tempDataDir } from '../support/test-server';
import { clientConfig, issuerOf, startApiServer, type App } from './support';

const secretFrom = (output: string, label: string) => new RegExp(`${label} \\(shown once\\): (\\S+)`).exec(output)![1];
const jwksOf = async (app: App) => jose.createLocalJWKSet(await (await fetch(`${app.url}/identity/.well-known/openid-configuration/jwks`)).json());

let database: TestDatabase;
let dataDir: string;
let before: { clientId: string; secret: string; idToken: string; issuer: string };
// One address across the move, as a balancer keeps: the issuer stays the same.
let front: FrontDoor;
const apps: App[] = [];

beforeAll(async () => {
  database = await createTestDatabase('identity_move');
  dataDir = tempDataDir('identity-move');
  front = await startFrontDoor();
  const single = await startApiServer({ dataDir, demo: true, env: { PUBLIC_URL: front.url } });
  front.pointAt(single.url);
  apps.push(single);
  const created = await runIdentityCli(['clients', 'create', '--name', 'Partner', '--grant', 'password'], dataDir);
  const clientId = /created client (\S+)/.exec(created)![1];
  const secret = secretFrom(created, 'client secret');
  const password = readCredentials(dataDir).users!.find((u) => u.username === 'traveler')!.password;
  const config = await clientConfig(single, clientId, oidc.ClientSecretBasic(secret));
  const answer = await oidc.genericGrantRequest(config, 'password', { username: 'traveler', password, scope: 'openid' });
  before = { clientId, secret, idToken: answer.id_token!, issuer: issuerOf(single) };
  await single.close();
  apps.pop();
}, 120_000);

afterAll(async () => {
  for (const app of apps) await app.close();
  await front?.close();
  await database?.drop();
});

describe('moving a single instance to PostgreSQL', () => {
  it('copies the directory, the OIDC clients, the signing keys and the Place API clients, and everything goes on working', async () => {
    const env = { DATA_DIR: dataDir, DATABASE_URL: database.url };
    const out = await runCli(['scripts/identity/migrate-to-postgres.ts'], env);
    expect(out).toMatch(/^identity_users: [1-9]/m);
    expect(out).toMatch(/^oidc_clients: [1-9]/m);
    expect(out).toMatch(/^identity_signing_keys: 1$/m);
    expect(out).toMatch(/^places_api_clients: [1-9]/m);

    // A new instance: an empty DATA_DIR, the database, and the encryption keys the single instance used.
    const { encryptionKeys } = JSON.parse(fs.readFileSync(path.join(dataDir, 'secrets.json'), 'utf8')) as { encryptionKeys: string[] };
    const database_: DatabaseConfig = { url: database.url, readUrls: [], maxReplicaLagMs: 5000, poolSize: 4, waitMs: 10_000 };
    process.env.SECRETS_ENCRYPTION_KEYS = encryptionKeys.join(',');
    let moved: App;
    try {
      moved = await startApiServer({ demo: true, database: database_, env: { PUBLIC_URL: front.url } });
    } finally {
      delete process.env.SECRETS_ENCRYPTION_KEYS;
    }
    apps.push(moved);
    front.pointAt(moved.url);
    expect(fs.readdirSync(moved.config.dataDir).filter((f) => f.endsWith('.sqlite') || f === 'identity-signing-keys.json')).toEqual([]);

    const jwks = await jwksOf(moved);
    await jose.jwtVerify(before.idToken, jwks, { issuer: before.issuer, audience: before.clientId });
    const password = readCredentials(dataDir).users!.find((u) => u.username === 'traveler')!.password;
    const config = await clientConfig(moved, before.clientId, oidc.ClientSecretBasic(before.secret));
    const after = await oidc.genericGrantRequest(config, 'password', { username: 'traveler', password, scope: 'openid' });
    expect(jose.decodeProtectedHeader(after.id_token!).kid).toBe(jose.decodeProtectedHeader(before.idToken).kid);

    const { places_api: publicClient, places_api_clients: orgClients } = readCredentials(dataDir);
    for (const client of [publicClient!, orgClients![0]]) {
      const target = '/api/v2/search?center=-74.0,40.7&radius=100000';
      const res = await fetch(moved.url + target, { headers: signedHeaders(target, client) });
      expect(res.status, await res.clone().text()).toBe(200);
    }
    // The demo seed found the copied accounts and Place API clients: nothing was added beside them.
    expect(readCredentials(moved.config.dataDir).users).toBeUndefined();
    expect(readCredentials(moved.config.dataDir).places_api).toEqual(publicClient);
  });

  it('refuses a second copy into the same database, and writes nothing', async () => {
    await expect(runCli(['scripts/identity/migrate-to-postgres.ts'], { DATA_DIR: dataDir, DATABASE_URL: database.url })).rejects.toThrow(/not empty: copy into a new database/);
  });
});
