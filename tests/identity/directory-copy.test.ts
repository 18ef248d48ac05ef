// `npm run identity:migrate-to-postgres`: a SQLite directory copied into PostgreSQL answers the same through the
// interface, row for row.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyDirectoryToPostgres, DirectoryCopyError } from '@/lib/identity/directory/postgres/copy-from-sqlite';
import { PostgresIdentityDirectory } from '@/lib/identity/directory/postgres/directory';
import { SqliteIdentityDirectory } from '@/lib/identity/directory/sqlite/directory';
import { openIdentityDb } from '@/lib/identity/store';
import { AccountTokens } from '@/lib/identity/self-service/tokens';
import { createTestDatabase, type TestDatabase } from '../support/postgres';

let dir: string;
let database: TestDatabase;
let sqlite: SqliteIdentityDirectory;
let postgres: PostgresIdentityDirectory | undefined;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'identity-copy-'));
  database = await createTestDatabase('identity_copy');
  sqlite = SqliteIdentityDirectory.open(path.join(dir, 'identity.sqlite'));
});

afterAll(async () => {
  await sqlite?.close();
  await postgres?.close();
  await database?.drop();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('copying the identity directory from SQLite to PostgreSQL', () => {
  it('copies every row, and the copy answers as the original', async () => {
    const a = sqlite.accounts;
    await a.createUser({ id: 'user-mia', username: 'Mia', email: 'mia@example.com', password: 'a long enough password', givenName: 'Mia', familyName: 'Marsh', emailVerified: true });
    await a.createUser({ id: 'user-noah', username: 'noah', email: 'noah@example.com', password: 'another long password', givenName: 'Noah', familyName: '' });
    await a.createOrganization('Harbor', 'org-harbor', 'ops');
    await a.createRole('org-harbor', 'mechanic', 'role-mechanic', 'ops');
    await a.setMembership('user-mia', 'org-harbor', { isAdministrator: true, roleIds: [] }, 'ops');
    await a.setMembership('user-noah', 'org-harbor', { isAdministrator: false, roleIds: ['role-mechanic'] }, 'ops');
    await sqlite.audit.record({ actor: 'ops', action: 'client.created', subject: 'app', details: { name: 'App' } });
    const tokens = new AccountTokens(sqlite.tokens);
    const link = await tokens.issue('reset-password', 3_600_000, { userId: 'user-noah', email: 'noah@example.com' });
    await sqlite.totp.start('user-mia', 'sealed-secret');
    await sqlite.totp.useStep('user-mia', 42);
    await sqlite.totp.confirm('user-mia', ['r1', 'r2'], 1000);
    await sqlite.totp.useRecoveryCode('user-mia', 'r1', 2000);
    await sqlite.passkeys.add({ id: 'cred-1', userId: 'user-mia', publicKey: 'pk', counter: 3, transports: ['usb'], name: 'Key', createdAt: 5 });
    await sqlite.moderators.set('user-noah', true, 'ops');

    const counts = await copyDirectoryToPostgres(openIdentityDb(path.join(dir, 'identity.sqlite')).db, database.url);
    expect(counts).toMatchObject({ identity_users: 2, identity_organizations: 1, identity_memberships: 2, identity_membership_roles: 1, identity_audit_events: 6, identity_account_recovery_codes: 2, identity_platform_moderators: 1 });
    postgres = await PostgresIdentityDirectory.open({ primaryUrl: database.url, poolSize: 2 });

    expect(await postgres.accounts.listUsers()).toEqual(await a.listUsers());
    expect(await postgres.accounts.findByLogin('MIA')).toEqual(await a.findByLogin('mia'));
    expect(await postgres.accounts.members('org-harbor')).toEqual(await a.members('org-harbor'));
    expect(await postgres.accounts.userClaim('user-noah')).toEqual(await a.userClaim('user-noah'));
    expect(await postgres.audit.list('org-harbor')).toEqual(await sqlite.audit.list('org-harbor'));
    expect(await postgres.audit.list(null)).toEqual(await sqlite.audit.list(null));
    expect(await new AccountTokens(postgres.tokens).check('reset-password', link)).toEqual(await tokens.check('reset-password', link));
    expect(await postgres.totp.get('user-mia')).toEqual({ secret: 'sealed-secret', confirmed: true, lastStep: 42 });
    expect(await postgres.totp.remainingRecoveryCodes('user-mia')).toBe(1);
    expect(await postgres.passkeys.list('user-mia')).toEqual(await sqlite.passkeys.list('user-mia'));
    expect(await postgres.moderators.list()).toEqual(await sqlite.moderators.list());

    // New audit events follow the copied ones.
    await postgres.audit.record({ actor: 'ops', organizationId: 'org-harbor', action: 'role.created', subject: 'x' });
    const [newest, previous] = await postgres.audit.list('org-harbor', 2);
    expect(newest.id).toBeGreaterThan(previous.id);
  });

  it('refuses a database whose directory already has users', async () => {
    await expect(copyDirectoryToPostgres(openIdentityDb(path.join(dir, 'identity.sqlite')).db, database.url)).rejects.toBeInstanceOf(DirectoryCopyError);
  });
});
