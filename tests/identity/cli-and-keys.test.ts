import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import * as jose from 'jose';
import Database from 'better-sqlite3';
import * as oidc from 'openid-client';
import { describe, expect, it } from 'vitest';
import { runIdentityCli } from '@/lib/identity/cli';
import { newEncryptionKey } from '@/lib/core/secret-box';
import { loadSigningKeys, RETIRED_KEY_GRACE_SECONDS, SIGNING_KEYS_FILE } from '@/lib/identity/keys';
import { startFrontDoor } from '../support/front-door';
import { tempDataDir } from '../support/test-server';
import { clientConfig, issuerOf, startApiServer } from './support';

const secretFrom = (output: string, label: string) => new RegExp(`${label} \\(shown once\\): (\\S+)`).exec(output)![1];

describe('the identity CLI', () => {
  it('manages users, organizations, roles, memberships and clients that the server then honours', async () => {
    const dataDir = tempDataDir('identity-cli');
    const run = (...args: string[]) => runIdentityCli(args, dataDir);
    await run('orgs', 'create', '--name', 'Harbor Campers', '--id', 'org-harbor');
    await run('roles', 'create', '--org', 'org-harbor', '--name', 'Mechanic', '--id', 'role-mechanic');
    const created = await run('users', 'create', '--username', 'mia', '--email', 'mia@example.com', '--given-name', 'Mia', '--family-name', 'Marsh');
    const firstPassword = secretFrom(created, 'password');
    await run('memberships', 'add', '--user', 'mia', '--org', 'org-harbor', '--role', 'role-mechanic');
    await run('users', 'verify-email', 'mia');
    const reset = await run('users', 'set-password', 'mia');
    const password = secretFrom(reset, 'password');
    expect(password).not.toBe(firstPassword);
    await expect(run('memberships', 'add', '--user', 'mia', '--org', 'org-harbor', '--role', 'role-nope')).rejects.toThrow(/no role/);
    const client = await run('clients', 'create', '--name', 'Harbor app', '--grant', 'password', '--grant', 'client_credentials', '--auth-method', 'client_secret_post');
    const clientId = /created client (\S+)/.exec(client)![1];
    const clientSecret = secretFrom(client, 'client secret');
    expect(await run('clients', 'list')).toContain(clientId);
    expect(await run('clients', 'list')).not.toContain(clientSecret);

    const app = await startApiServer({ dataDir, demo: false });
    try {
      const config = await clientConfig(app, clientId, oidc.ClientSecretPost(clientSecret));
      const tokens = await oidc.genericGrantRequest(config, 'password', { username: 'mia', password, scope: 'openid email cosmos' });
      const claims = jose.decodeJwt(tokens.id_token!);
      expect(claims.email_verified).toBe(true);
      expect(JSON.parse(claims.user as string).organizations).toEqual([
        { organization: { id: 'org-harbor', name: 'Harbor Campers' }, roles: [{ role: { id: 'role-mechanic', name: 'Mechanic' } }] },
      ]);
      await expect(oidc.genericGrantRequest(config, 'password', { username: 'mia', password: firstPassword, scope: 'openid' })).rejects.toMatchObject({ error: 'invalid_grant' });
    } finally {
      await app.close();
    }
    expect(fs.statSync(path.join(dataDir, 'identity.sqlite')).mode & 0o077).toBe(0);
  });

  it('keeps client secrets sealed at rest, seals a secret stored in clear by an older version, and follows a new encryption key', async () => {
    const dataDir = tempDataDir('identity-sealed');
    const output = await runIdentityCli(['clients', 'create', '--name', 'Sealed', '--grant', 'client_credentials', '--auth-method', 'client_secret_post'], dataDir);
    const clientId = /created client (\S+)/.exec(output)![1];
    const clientSecret = secretFrom(output, 'client secret');
    const storedText = () =>
      ['identity.sqlite', 'identity.sqlite-wal'].map((f) => path.join(dataDir, f)).filter((f) => fs.existsSync(f)).map((f) => fs.readFileSync(f).toString('latin1')).join('');
    expect(storedText()).not.toContain(clientSecret);

    // As an older version stored it: in clear.
    const db = new Database(path.join(dataDir, 'identity.sqlite'));
    const row = db.prepare('SELECT metadata FROM oidc_clients WHERE client_id = ?').get(clientId) as { metadata: string };
    db.prepare('UPDATE oidc_clients SET metadata = ? WHERE client_id = ?').run(JSON.stringify({ ...JSON.parse(row.metadata), client_secret: clientSecret }), clientId);
    db.close();

    const grant = async (app: Awaited<ReturnType<typeof startApiServer>>) =>
      oidc.clientCredentialsGrant(await clientConfig(app, clientId, oidc.ClientSecretPost(clientSecret)), { scope: 'openid' });
    const newKey = newEncryptionKey();
    const demoKey = (JSON.parse(fs.readFileSync(path.join(dataDir, 'secrets.json'), 'utf8')) as { encryptionKeys: string[] }).encryptionKeys[0];
    const keyId = (key: string) => crypto.createHash('sha256').update(Buffer.from(key, 'base64url')).digest('hex').slice(0, 8);
    // The generated key; then the new key first with the old one still listed (rotation); then the new key alone.
    for (const [keys, sealedWith] of [[undefined, demoKey], [`${newKey},${demoKey}`, newKey], [newKey, newKey]] as const) {
      if (keys) process.env.SECRETS_ENCRYPTION_KEYS = keys;
      const app = await startApiServer({ dataDir, demo: false }).finally(() => delete process.env.SECRETS_ENCRYPTION_KEYS);
      try {
        await expect(grant(app)).resolves.toHaveProperty('access_token');
      } finally {
        await app.close();
      }
      expect(storedText()).toContain(`sealed:v1:${keyId(sealedWith)}:`);
      expect(storedText()).not.toContain(clientSecret);
    }
  });
});

describe('signing keys', () => {
  it('rotate: the new key signs, the old one stays published until its tokens expire', async () => {
    const dataDir = tempDataDir('identity-keys');
    // One address across the restart, as a balancer keeps: the issuer stays the same.
    const front = await startFrontDoor();
    const first = await startApiServer({ dataDir, env: { PUBLIC_URL: front.url } });
    front.pointAt(first.url);
    const client = await runIdentityCli(['clients', 'create', '--name', 'Keys', '--grant', 'password'], dataDir);
    const clientId = /created client (\S+)/.exec(client)![1];
    const secret = secretFrom(client, 'client secret');
    const creds = JSON.parse(fs.readFileSync(path.join(dataDir, 'demo-credentials.json'), 'utf8'));
    const password = creds.users.find((u: { username: string }) => u.username === 'traveler').password;
    const grant = async (app: typeof first) =>
      oidc.genericGrantRequest(await clientConfig(app, clientId, oidc.ClientSecretBasic(secret)), 'password', { username: 'traveler', password, scope: 'openid' });
    const before = await grant(first);
    await first.close();
    expect(fs.statSync(path.join(dataDir, SIGNING_KEYS_FILE)).mode & 0o077).toBe(0);

    const rotated = await runIdentityCli(['keys', 'rotate'], dataDir);
    const newKid = /new signing key (\S+);/.exec(rotated)![1];
    const second = await startApiServer({ dataDir, env: { PUBLIC_URL: front.url } });
    front.pointAt(second.url);
    try {
      const jwks = await (await fetch(`${second.url}/identity/.well-known/openid-configuration/jwks`)).json();
      expect(jwks.keys.map((k: { kid: string }) => k.kid)).toEqual([newKid, jose.decodeProtectedHeader(before.id_token!).kid]);
      const after = await grant(second);
      expect(jose.decodeProtectedHeader(after.id_token!).kid).toBe(newKid);
      const set = jose.createLocalJWKSet(jwks);
      await jose.jwtVerify(before.id_token!, set, { issuer: issuerOf(second) });
      await jose.jwtVerify(after.id_token!, set, { issuer: issuerOf(second) });
    } finally {
      await second.close();
      await front.close();
    }

    const file = path.join(dataDir, SIGNING_KEYS_FILE);
    const stored = JSON.parse(fs.readFileSync(file, 'utf8'));
    stored.keys[1].retiredAt -= RETIRED_KEY_GRACE_SECONDS + 1;
    fs.writeFileSync(file, JSON.stringify(stored));
    expect(loadSigningKeys(file).keys.map((k) => k.kid)).toEqual([newKid]);
  });
});
