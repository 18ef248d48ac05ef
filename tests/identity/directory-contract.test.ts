// One contract for every engine of the identity directory: the same steps against SQLite and PostgreSQL.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostgresIdentityDirectory } from '@/lib/identity/directory/postgres/directory';
import { SqliteIdentityDirectory } from '@/lib/identity/directory/sqlite/directory';
import { AccountError, accountClaims, LastAdministratorError, type IdentityDirectory } from '@/lib/identity/directory/types';
import { verifyPassword } from '@/lib/identity/passwords';
import { AccountTokens } from '@/lib/identity/self-service/tokens';
import { createTestDatabase, type TestDatabase } from '../support/postgres';
import { EVENTUALLY_MS, waitUntil } from '../support/wait';

let dir: string;
let database: TestDatabase;
const engines: { name: string; directory: IdentityDirectory }[] = [];

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'identity-directory-contract-'));
  database = await createTestDatabase('identity_directory');
  engines.push(
    { name: 'sqlite', directory: SqliteIdentityDirectory.open(path.join(dir, 'identity.sqlite')) },
    { name: 'postgres', directory: await PostgresIdentityDirectory.open({ primaryUrl: database.url, poolSize: 4 }) },
  );
});

afterAll(async () => {
  for (const e of engines) await e.directory.close();
  await database?.drop();
  fs.rmSync(dir, { recursive: true, force: true });
});

const PASSWORD = 'correct horse battery staple';

describe.each(['sqlite', 'postgres'])('identity directory on %s', (name) => {
  const directory = () => engines.find((e) => e.name === name)!.directory;
  const accounts = () => directory().accounts;
  const user = (username: string, extra: { email?: string; verified?: boolean } = {}) =>
    accounts().createUser({
      id: `user-${username}`,
      username,
      email: extra.email ?? `${username}@example.com`,
      password: PASSWORD,
      givenName: username[0].toUpperCase() + username.slice(1),
      familyName: 'Tester',
      emailVerified: extra.verified,
    });

  it('starts empty, creates users and finds them by username or e-mail in any case', async () => {
    expect(await accounts().isEmpty()).toBe(true);
    const ann = await user('ann', { email: 'Ann.Smith@Example.com', verified: true });
    expect(ann).toMatchObject({ id: 'user-ann', username: 'ann', email: 'Ann.Smith@Example.com', given_name: 'Ann', family_name: 'Tester', email_verified: 1 });
    expect(await accounts().isEmpty()).toBe(false);
    expect((await accounts().findByLogin('ANN'))?.id).toBe('user-ann');
    expect((await accounts().findByLogin('ann.smith@example.COM'))?.id).toBe('user-ann');
    expect((await accounts().findByUsername('Ann'))?.id).toBe('user-ann');
    expect((await accounts().findByEmail('ANN.SMITH@example.com'))?.id).toBe('user-ann');
    expect(await accounts().findByLogin('nobody')).toBeUndefined();
    expect(await accounts().findById('user-ann')).toEqual(ann);
    expect((await user('bob')).email_verified).toBe(0);
  });

  it('refuses a username or an e-mail taken in another case', async () => {
    await expect(user('ANN', { email: 'other@example.com' })).rejects.toBeInstanceOf(AccountError);
    await expect(user('carl', { email: 'ANN.SMITH@EXAMPLE.COM' })).rejects.toBeInstanceOf(AccountError);
    expect((await accounts().listUsers()).map((u) => u.username)).toEqual(['ann', 'bob']);
  });

  it('changes the password (hashed), the name, the e-mail (unverified again) and the verified flag', async () => {
    await accounts().setPassword('user-bob', 'a whole new password');
    const bob = (await accounts().findById('user-bob'))!;
    expect(bob.password_hash).not.toContain('a whole new password');
    expect(await verifyPassword('a whole new password', bob.password_hash)).toBe(true);
    expect(await verifyPassword(PASSWORD, bob.password_hash)).toBe(false);
    await expect(accounts().setPassword('user-nobody', 'x'.repeat(12))).rejects.toBeInstanceOf(AccountError);

    await accounts().setEmailVerified('user-bob', true);
    await accounts().setName('user-bob', 'Robert', 'Jones');
    await accounts().setEmail('user-bob', 'robert@example.com');
    expect(await accounts().findById('user-bob')).toMatchObject({ given_name: 'Robert', family_name: 'Jones', email: 'robert@example.com', email_verified: 0 });
  });

  it('keeps organizations, roles and memberships, with the user claim and the audit events of each change', async () => {
    const org = await accounts().createOrganization('Harbor Tours', 'org-harbor', 'tester');
    await accounts().createOrganization('Alpine Trips', 'org-alpine', 'tester');
    expect(await accounts().findOrganization(org)).toEqual({ id: 'org-harbor', name: 'Harbor Tours' });
    expect(await accounts().listOrganizations()).toEqual([
      { id: 'org-alpine', name: 'Alpine Trips' },
      { id: 'org-harbor', name: 'Harbor Tours' },
    ]);
    await accounts().createRole(org, 'driver', 'role-driver', 'tester');
    await accounts().createRole(org, 'dispatcher', 'role-dispatcher', 'tester');
    await expect(accounts().createRole('org-nowhere', 'x')).rejects.toBeInstanceOf(AccountError);
    expect(await accounts().roles(org)).toEqual([
      { id: 'role-dispatcher', name: 'dispatcher' },
      { id: 'role-driver', name: 'driver' },
    ]);

    await accounts().setMembership('user-ann', org, { isAdministrator: true, roleIds: [] }, 'tester');
    await accounts().setMembership('user-bob', org, { isAdministrator: false, roleIds: ['role-driver', 'role-dispatcher'] }, 'tester');
    await accounts().setMembership('user-bob', 'org-alpine', { isAdministrator: false, roleIds: [] }, 'tester');
    await expect(accounts().setMembership('user-bob', org, { isAdministrator: false, roleIds: ['role-elsewhere'] })).rejects.toBeInstanceOf(AccountError);
    await expect(accounts().setMembership('user-nobody', org, { isAdministrator: false, roleIds: [] })).rejects.toBeInstanceOf(AccountError);

    expect(await accounts().isAdministrator('user-ann', org)).toBe(true);
    expect(await accounts().isAdministrator('user-bob', org)).toBe(false);
    expect(await accounts().members(org)).toEqual([
      { id: 'user-ann', username: 'ann', name: 'Ann Tester', email: 'Ann.Smith@Example.com', isAdministrator: true, roles: [] },
      {
        id: 'user-bob',
        username: 'bob',
        name: 'Robert Jones',
        email: 'robert@example.com',
        isAdministrator: false,
        roles: [
          { id: 'role-dispatcher', name: 'dispatcher' },
          { id: 'role-driver', name: 'driver' },
        ],
      },
    ]);
    expect(await accounts().userClaim('user-bob')).toEqual({
      id: 'user-bob',
      organizations: [
        { organization: { id: 'org-alpine', name: 'Alpine Trips' }, roles: [] },
        {
          organization: { id: 'org-harbor', name: 'Harbor Tours' },
          roles: [{ role: { id: 'role-dispatcher', name: 'dispatcher' } }, { role: { id: 'role-driver', name: 'driver' } }],
        },
      ],
    });
    const claims = await accountClaims(accounts(), (await accounts().findById('user-ann'))!);
    expect(claims).toMatchObject({ sub: 'user-ann', email: 'Ann.Smith@Example.com', email_verified: true, name: 'Ann Tester' });
    expect(JSON.parse(claims.user as string)).toEqual({ id: 'user-ann', organizations: [{ isAdministrator: true, organization: { id: 'org-harbor', name: 'Harbor Tours' }, roles: [] }] });
    expect(await accounts().soleAdministratorOf('user-ann')).toEqual([{ id: 'org-harbor', name: 'Harbor Tours' }]);

    // Changing roles, then the administrator flag, then removing.
    await accounts().setMembership('user-bob', org, { isAdministrator: false, roleIds: ['role-driver'] }, 'tester');
    await accounts().setMembership('user-bob', org, { isAdministrator: false, roleIds: ['role-driver'] }, 'tester');
    await accounts().setMembership('user-bob', org, { isAdministrator: true, roleIds: [] }, 'tester');
    expect(await accounts().soleAdministratorOf('user-ann')).toEqual([]);
    expect(await accounts().removeMembership('user-bob', org, 'tester')).toBe(true);
    expect(await accounts().removeMembership('user-bob', org, 'tester')).toBe(false);
    expect((await accounts().members(org)).map((m) => m.id)).toEqual(['user-ann']);

    const events = await directory().audit.list(org);
    expect(events.map((e) => [e.action, e.subject])).toEqual([
      ['membership.removed', 'bob'],
      ['membership.changed', 'bob'],
      ['membership.changed', 'bob'],
      ['membership.added', 'bob'],
      ['membership.added', 'ann'],
      ['role.created', 'dispatcher'],
      ['role.created', 'driver'],
      ['organization.created', 'Harbor Tours'],
    ]);
    expect(events[2].details).toEqual({ from: { administrator: false, roles: ['dispatcher', 'driver'] }, to: { administrator: false, roles: ['driver'] } });
    expect(events[0]).toMatchObject({ actor: 'tester', organizationId: org, details: { administrator: true, roles: [] } });
    expect(new Date(events[0].at).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect((await directory().audit.list('org-alpine')).map((e) => e.action)).toEqual(['membership.added', 'organization.created']);
    expect(await directory().audit.list(org, 2)).toHaveLength(2);
  });

  it('keeps an administrator when two demote each other at the same moment', async () => {
    await accounts().createOrganization('Twin Admins', 'org-twins');
    await accounts().setMembership('user-ann', 'org-twins', { isAdministrator: true, roleIds: [] });
    await accounts().setMembership('user-bob', 'org-twins', { isAdministrator: true, roleIds: [] });
    const demote = (userId: string) => accounts().setMembership(userId, 'org-twins', { isAdministrator: false, roleIds: [] }, 'tester', { keepAnAdministrator: true });
    const results = await Promise.allSettled([demote('user-ann'), demote('user-bob')]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect((results.find((r) => r.status === 'rejected') as PromiseRejectedResult).reason).toBeInstanceOf(LastAdministratorError);
    const admins = (await accounts().members('org-twins')).filter((m) => m.isAdministrator);
    expect(admins).toHaveLength(1);
    await expect(accounts().removeMembership(admins[0].id, 'org-twins', 'tester', { keepAnAdministrator: true })).rejects.toBeInstanceOf(LastAdministratorError);
    expect(await accounts().members('org-twins')).toHaveLength(2);
    // Without the rule (the command line), the change is made.
    expect(await accounts().removeMembership(admins[0].id, 'org-twins', 'tester')).toBe(true);
  });

  it('keeps events of no organization apart', async () => {
    await directory().audit.record({ actor: 'command line (ops)', action: 'signing_key.rotated', subject: 'kid-1', details: { stillPublished: ['kid-0'] } });
    expect(await directory().audit.list(null)).toEqual([expect.objectContaining({ organizationId: null, action: 'signing_key.rotated', details: { stillPublished: ['kid-0'] } })]);
  });

  it('uses a link token once, even when two consumers race for it', async () => {
    const tokens = new AccountTokens(directory().tokens);
    const token = await tokens.issue('invitation', 60_000, { organizationId: 'org-harbor', email: 'ivy@example.com', data: { invitedBy: 'ann' } });
    const checked = await tokens.check('invitation', token);
    expect(checked).toMatchObject({ ok: true, row: { kind: 'invitation', organization_id: 'org-harbor', email: 'ivy@example.com', used_at: null } });
    expect(await tokens.check('reset-password', token)).toEqual({ ok: false, reason: 'unknown' });
    expect((await tokens.openForOrganization('invitation', 'org-harbor')).map((r) => r.email)).toEqual(['ivy@example.com']);

    const results = await Promise.all(Array.from({ length: 8 }, () => tokens.consume('invitation', token)));
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok)).toEqual(Array(7).fill(expect.objectContaining({ ok: false, reason: 'used' })));
    expect(await tokens.check('invitation', token)).toMatchObject({ ok: false, reason: 'used' });
    expect(await tokens.openForOrganization('invitation', 'org-harbor')).toEqual([]);
  });

  it('creates an invitation with its audit event, and lets exactly one of two people accept it, joining in the same step', async () => {
    const tokens = new AccountTokens(directory().tokens);
    await accounts().createRole('org-alpine', 'guide', 'role-guide');
    await accounts().createRole('org-alpine', 'gone', 'role-gone');
    const { token, row } = tokens.mint('invitation', 60_000, { organizationId: 'org-alpine', email: 'new@example.com', data: { isAdministrator: false, roleIds: ['role-guide', 'role-gone'], invitedBy: 'ann' } });
    await accounts().createInvitation({ token: row, actor: 'ann', subject: 'new@example.com', details: { administrator: false, roles: ['guide', 'gone'] } });
    expect(await tokens.check('invitation', token)).toMatchObject({ ok: true, row: { hash: row.hash } });
    expect((await directory().audit.list('org-alpine'))[0]).toMatchObject({ actor: 'ann', action: 'invitation.created', subject: 'new@example.com', details: { roles: ['guide', 'gone'] } });
    await accounts().createUser({ id: 'user-dora', username: 'dora', email: 'dora@example.com', password: PASSWORD, givenName: 'Dora', familyName: 'D' });
    await accounts().createUser({ id: 'user-eli', username: 'eli', email: 'eli@example.com', password: PASSWORD, givenName: 'Eli', familyName: 'E' });
    const [dora, eli] = await Promise.all([
      accounts().acceptInvitation(row.hash, { id: 'user-dora', username: 'dora' }, Date.now()),
      accounts().acceptInvitation(row.hash, { id: 'user-eli', username: 'eli' }, Date.now()),
    ]);
    expect([dora, eli].filter(Boolean)).toHaveLength(1);
    const joined = dora ? 'user-dora' : 'user-eli';
    const member = (await accounts().members('org-alpine')).find((m) => m.id === joined);
    expect(member).toMatchObject({ isAdministrator: false, roles: [{ id: 'role-gone', name: 'gone' }, { id: 'role-guide', name: 'guide' }] });
    expect((await accounts().members('org-alpine')).map((m) => m.id)).not.toContain(dora ? 'user-eli' : 'user-dora');
    const events = await directory().audit.list('org-alpine', 2);
    expect(events.map((e) => [e.action, e.actor])).toEqual([
      ['invitation.accepted', joined.slice(5)],
      ['membership.added', 'invitation from ann'],
    ]);
    expect(await accounts().acceptInvitation(row.hash, { id: joined, username: joined.slice(5) }, Date.now())).toBeUndefined();
    // The used link keeps who used it (its page says that account is a member).
    expect(await tokens.check('invitation', token)).toMatchObject({ ok: false, reason: 'used', row: { hash: row.hash, user_id: joined } });
    await accounts().deleteUser('user-dora');
    await accounts().deleteUser('user-eli');
  });

  it('does not demote an administrator who accepts an invitation as a member', async () => {
    const tokens = new AccountTokens(directory().tokens);
    const { row } = tokens.mint('invitation', 60_000, { organizationId: 'org-harbor', data: { isAdministrator: false, roleIds: ['role-driver'], invitedBy: 'someone' } });
    await accounts().createInvitation({ token: row, actor: 'someone', subject: 'a link', details: {} });
    expect(await accounts().acceptInvitation(row.hash, { id: 'user-ann', username: 'ann' }, Date.now())).toMatchObject({ hash: row.hash });
    expect(await accounts().isAdministrator('user-ann', 'org-harbor')).toBe(true);
  });

  it('treats role ids as a set: a membership, or an invitation stored with a role twice, gives the role once', async () => {
    await accounts().setMembership('user-bob', 'org-harbor', { isAdministrator: false, roleIds: ['role-driver', 'role-driver'] }, 'tester');
    expect((await accounts().members('org-harbor')).find((m) => m.id === 'user-bob')?.roles).toEqual([{ id: 'role-driver', name: 'driver' }]);
    expect((await directory().audit.list('org-harbor', 1))[0]).toMatchObject({ action: 'membership.added', details: { roles: ['driver'] } });

    // As a server before this rule stored it.
    const tokens = new AccountTokens(directory().tokens);
    const twice = { isAdministrator: false, roleIds: ['role-dispatcher', 'role-dispatcher'], invitedBy: 'ann' };
    const { row } = tokens.mint('invitation', 60_000, { organizationId: 'org-harbor', data: twice });
    await accounts().createInvitation({ token: row, actor: 'ann', subject: 'a link', details: {} });
    const fay = await user('fay');
    expect(await accounts().acceptInvitation(row.hash, fay, Date.now())).toMatchObject({ hash: row.hash });
    expect((await accounts().members('org-harbor')).find((m) => m.id === fay.id)?.roles).toEqual([{ id: 'role-dispatcher', name: 'dispatcher' }]);

    await accounts().deleteUser(fay.id);
    await accounts().removeMembership('user-bob', 'org-harbor');
  });

  it('expires, revokes and prunes link tokens', async () => {
    let now = Date.now();
    const tokens = new AccountTokens(directory().tokens, () => now);
    const reset = await tokens.issue('reset-password', 1000, { userId: 'user-ann', email: 'Ann.Smith@Example.com' });
    const second = await tokens.issue('reset-password', 1000, { userId: 'user-ann' });
    const invitation = await tokens.issue('invitation', 1000, { organizationId: 'org-alpine' });
    await tokens.revokeForUser('reset-password', 'user-ann');
    expect(await tokens.consume('reset-password', second)).toMatchObject({ ok: false, reason: 'used' });
    const hash = (await tokens.openForOrganization('invitation', 'org-alpine'))[0].hash;
    expect(await tokens.revokeByHash('invitation', hash, 'org-harbor')).toBe(false);
    expect(await tokens.revokeByHash('invitation', hash, 'org-alpine')).toBe(true);
    expect(await tokens.check('invitation', invitation)).toMatchObject({ ok: false, reason: 'used' });

    const late = await tokens.issue('verify-email', 1000, { userId: 'user-bob' });
    now += 1000;
    expect(await tokens.check('verify-email', late)).toMatchObject({ ok: false, reason: 'expired' });
    expect(await tokens.consume('verify-email', late)).toMatchObject({ ok: false, reason: 'expired' });
    now += 2 * 86_400_000;
    await tokens.prune();
    expect(await tokens.check('reset-password', reset)).toEqual({ ok: false, reason: 'unknown' });
    expect(await tokens.check('verify-email', late)).toEqual({ ok: false, reason: 'unknown' });
  });

  it('keeps a TOTP secret, accepts each time step once and uses recovery codes once', async () => {
    const totp = directory().totp;
    expect(await totp.get('user-ann')).toBeUndefined();
    await totp.start('user-ann', 'sealed-1');
    expect(await totp.get('user-ann')).toEqual({ secret: 'sealed-1', confirmed: false, lastStep: 0 });
    expect(await totp.useStep('user-ann', 100)).toBe(true);
    await totp.start('user-ann', 'sealed-2');
    expect(await totp.get('user-ann')).toEqual({ secret: 'sealed-2', confirmed: false, lastStep: 0 });
    expect(await totp.useStep('user-ann', 1000)).toBe(true);
    await totp.confirm('user-ann', ['h1', 'h2', 'h3'], Date.now());
    expect(await totp.get('user-ann')).toEqual({ secret: 'sealed-2', confirmed: true, lastStep: 1000 });

    // The same step twice at once: one wins; an earlier step never.
    const same = await Promise.all([totp.useStep('user-ann', 1001), totp.useStep('user-ann', 1001)]);
    expect(same.filter(Boolean)).toHaveLength(1);
    expect(await totp.useStep('user-ann', 999)).toBe(false);

    expect(await totp.remainingRecoveryCodes('user-ann')).toBe(3);
    const uses = await Promise.all([totp.useRecoveryCode('user-ann', 'h2', Date.now()), totp.useRecoveryCode('user-ann', 'h2', Date.now())]);
    expect(uses.filter(Boolean)).toHaveLength(1);
    expect(await totp.useRecoveryCode('user-ann', 'nope', Date.now())).toBe(false);
    expect(await totp.remainingRecoveryCodes('user-ann')).toBe(2);
    await totp.confirm('user-ann', ['h4'], Date.now());
    expect(await totp.remainingRecoveryCodes('user-ann')).toBe(1);

    await totp.remove('user-ann');
    expect(await totp.get('user-ann')).toBeUndefined();
    expect(await totp.remainingRecoveryCodes('user-ann')).toBe(0);
  });

  it('keeps passkeys per user with their counter', async () => {
    const passkeys = directory().passkeys;
    await passkeys.add({ id: 'cred-1', userId: 'user-ann', publicKey: 'pk1', counter: 0, transports: ['internal', 'hybrid'], name: 'Laptop', createdAt: 1000 });
    await passkeys.add({ id: 'cred-2', userId: 'user-ann', publicKey: 'pk2', counter: 5, transports: [], name: 'Phone', createdAt: 2000 });
    expect((await passkeys.list('user-ann')).map((p) => p.id)).toEqual(['cred-1', 'cred-2']);
    expect(await passkeys.list('user-bob')).toEqual([]);
    expect(await passkeys.find('cred-1')).toEqual({ id: 'cred-1', userId: 'user-ann', publicKey: 'pk1', counter: 0, transports: ['internal', 'hybrid'], name: 'Laptop', createdAt: 1000, lastUsedAt: null });
    await passkeys.used('cred-1', 7, 3000);
    expect(await passkeys.find('cred-1')).toMatchObject({ counter: 7, lastUsedAt: 3000 });
    expect(await passkeys.remove('user-bob', 'cred-1')).toBe(false);
    expect(await passkeys.remove('user-ann', 'cred-1')).toBe(true);
    expect(await passkeys.find('cred-1')).toBeUndefined();
  });

  it('deletes a user with their memberships, second factors and open links', async () => {
    const carl = await user('carl');
    await accounts().setMembership(carl.id, 'org-harbor', { isAdministrator: false, roleIds: ['role-driver'] });
    await directory().totp.start(carl.id, 'sealed');
    await directory().passkeys.add({ id: 'cred-carl', userId: carl.id, publicKey: 'pk', counter: 0, transports: [], name: 'Key', createdAt: 1 });
    const tokens = new AccountTokens(directory().tokens);
    const link = await tokens.issue('verify-email', 60_000, { userId: carl.id });
    expect(await accounts().deleteUser(carl.id)).toBe(true);
    expect(await accounts().deleteUser(carl.id)).toBe(false);
    expect(await accounts().findById(carl.id)).toBeUndefined();
    expect((await accounts().members('org-harbor')).map((m) => m.id)).not.toContain(carl.id);
    expect(await directory().totp.get(carl.id)).toBeUndefined();
    expect(await directory().passkeys.find('cred-carl')).toBeUndefined();
    expect(await tokens.check('verify-email', link)).toEqual({ ok: false, reason: 'unknown' });
  });

  it('ends the open reset and confirmation links of an account whose password or e-mail address changes, and no other links', async () => {
    const dora = await user('dora');
    const tokens = new AccountTokens(directory().tokens);
    const links = async (userId: string) => ({
      reset: await tokens.issue('reset-password', 60_000, { userId, email: `${userId}@example.com` }),
      confirm: await tokens.issue('verify-email', 60_000, { userId, email: `${userId}@example.com` }),
    });
    const open = async (link: { reset: string; confirm: string }) => [(await tokens.check('reset-password', link.reset)).ok, (await tokens.check('verify-email', link.confirm)).ok];
    const invitation = await tokens.issue('invitation', 60_000, { organizationId: 'org-harbor', email: 'dora@example.com' });
    const others = await links('user-bob');

    const beforePassword = await links(dora.id);
    await accounts().setPassword(dora.id, 'another long password');
    expect(await open(beforePassword)).toEqual([false, false]);
    expect(await tokens.check('reset-password', beforePassword.reset)).toMatchObject({ ok: false, reason: 'used' });

    const beforeEmail = await links(dora.id);
    await accounts().setEmail(dora.id, 'dora.new@example.com');
    expect(await open(beforeEmail)).toEqual([false, false]);
    // A link issued after the change (the new address's confirmation) works.
    const after = await links(dora.id);
    expect(await open(after)).toEqual([true, true]);

    expect(await open(others)).toEqual([true, true]);
    expect((await tokens.check('invitation', invitation)).ok).toBe(true);
  });

  it('runs an exclusive section once at a time, across instances on one database: the first seeds, the next finds the seed', async () => {
    // On PostgreSQL a second directory on the same database stands for a second instance starting at the same moment.
    const other = name === 'postgres' ? await PostgresIdentityDirectory.open({ primaryUrl: database.url, poolSize: 2 }) : directory();
    // The first to enter holds the section until the other is waiting for it, so the two overlap however fast or
    // slow the machine: on PostgreSQL until the other's advisory lock request waits (pg_locks); one SQLite instance
    // queues the other call at once. Two sections at once would be seen at once.
    const otherWaiting = async () => {
      if (name !== 'postgres') return;
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      try {
        const waiting = async () =>
          (await client.query<{ n: number }>(
            `SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND NOT granted
               AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
          )).rows[0].n > 0;
        await waitUntil('the other instance waiting for the section', waiting, { intervalMs: 20 });
      } finally {
        await client.end();
      }
    };
    let inside = 0;
    try {
      const seed = (d: IdentityDirectory, whileInside = async () => {}) =>
        d.exclusively('demo-seed', async () => {
          inside += 1;
          try {
            if (inside > 1) throw new Error('two sections at once');
            if (await d.accounts.findOrganization('org-seeded')) return 'found';
            await whileInside();
            await d.accounts.createOrganization('Seeded', 'org-seeded');
            return 'seeded';
          } finally {
            inside -= 1;
          }
        });
      expect((await Promise.all([seed(directory(), otherWaiting), seed(other, otherWaiting)])).sort()).toEqual(['found', 'seeded']);
      // A failing section releases the lock.
      await expect(directory().exclusively('demo-seed', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
      expect(await seed(other)).toBe('found');
    } finally {
      if (other !== directory()) await other.close();
    }
  }, 2 * EVENTUALLY_MS);

  it('keeps the platform’s moderators, each change once in the audit log, and forgets a deleted account', async () => {
    const mo = await user('mo');
    expect(await directory().moderators.isModerator(mo.id)).toBe(false);
    expect(await directory().moderators.set(mo.id, true, 'command line (ops)')).toBe(true);
    expect(await directory().moderators.set(mo.id, true, 'command line (ops)')).toBe(false);
    expect(await directory().moderators.isModerator(mo.id)).toBe(true);
    expect((await directory().moderators.list()).map((u) => u.username)).toEqual(['mo']);
    expect(await directory().moderators.set('user-nobody', true, 'ops')).toBe(false);
    const events = (await directory().audit.list(null)).filter((e) => e.subject === 'mo');
    expect(events.map((e) => [e.action, e.actor])).toEqual([['moderator.granted', 'command line (ops)']]);

    expect(await directory().moderators.set(mo.id, false, 'ops')).toBe(true);
    expect(await directory().moderators.isModerator(mo.id)).toBe(false);
    await directory().moderators.set(mo.id, true, 'ops');
    await accounts().deleteUser(mo.id);
    expect(await directory().moderators.list()).toEqual([]);
  });

  it('says what it is and that it is ready', () => {
    expect(directory().describe()).toMatch(name === 'sqlite' ? /^SQLite / : /^PostgreSQL /);
    expect(directory().ready()).toBe(true);
  });
});
