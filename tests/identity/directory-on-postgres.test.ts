// The identity server with DATABASE_URL: the directory (accounts, organizations, memberships, audit) is in
// PostgreSQL, no identity.sqlite is made, and the command line works on the same rows.
import fs from 'node:fs';
import path from 'node:path';
import { decodeJwt } from 'jose';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runIdentityCli } from '@/lib/identity/cli';
import type { DatabaseConfig } from '@/lib/config/env';
import { createTestDatabase, type TestDatabase } from '../support/postgres';
import { demo, passwordGrant, startApiServer, type App } from './support';

let app: App;
let database: TestDatabase;
let config: DatabaseConfig;

beforeAll(async () => {
  database = await createTestDatabase('identity_server');
  config = { url: database.url, readUrls: [], maxReplicaLagMs: 5000, poolSize: 4, waitMs: 10_000 };
  app = await startApiServer({ demo: true, database: config });
});

afterAll(async () => {
  await app?.close();
  await database?.drop();
});

async function query<T extends pg.QueryResultRow>(sql: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    return (await client.query<T>(sql, values)).rows;
  } finally {
    await client.end();
  }
}

describe('identity directory on PostgreSQL', () => {
  it('seeds the demo accounts into PostgreSQL, not into identity.sqlite', async () => {
    const users = await query<{ username: string }>('SELECT username FROM identity_users ORDER BY username');
    expect(users.map((u) => u.username)).toEqual(expect.arrayContaining(['admin', 'dealer', 'traveler']));
    expect(fs.existsSync(path.join(app.config.dataDir, 'identity.sqlite'))).toBe(false);
  });

  it('signs in from PostgreSQL, whatever the case of the name typed, and tells the memberships in the user claim', async () => {
    const answer = await passwordGrant(app, { username: 'TRAVELER', password: demo(app).password('traveler'), scope: 'openid cosmos' });
    expect(answer.status).toBe(200);
    const claims = decodeJwt(answer.body.id_token);
    expect(claims.sub).toBe('user-traveler');
    expect(JSON.parse(claims.user as string).id).toBe('user-traveler');
    expect((await passwordGrant(app, { username: 'traveler', password: 'wrong password!' })).status).toBe(400);
  });

  it('runs the command line against the same rows, and the next sign-in sees the change', async () => {
    const cli = (...argv: string[]) => runIdentityCli(argv, app.config.dataDir, config);
    expect(await cli('users', 'list')).toMatch(/^admin\t/m);
    await cli('orgs', 'create', '--name', 'Night Shift', '--id', 'org-night');
    await cli('memberships', 'add', '--user', 'traveler', '--org', 'org-night', '--admin');
    const answer = await passwordGrant(app, { username: 'traveler', password: demo(app).password('traveler'), scope: 'openid cosmos' });
    const claim = JSON.parse(decodeJwt(answer.body.id_token).user as string) as { organizations: { organization: { id: string }; isAdministrator?: boolean }[] };
    expect(claim.organizations).toContainEqual(expect.objectContaining({ isAdministrator: true, organization: { id: 'org-night', name: 'Night Shift' } }));
    expect(await cli('audit', 'list', '--org', 'org-night')).toMatch(/membership\.added\ttraveler/);
    const events = await query<{ action: string }>(`SELECT action FROM identity_audit_events WHERE organization_id = 'org-night' ORDER BY id`);
    expect(events.map((e) => e.action)).toEqual(['organization.created', 'membership.added']);
  });
});
