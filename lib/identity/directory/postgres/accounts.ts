import type pg from 'pg';
import type { PgCluster, Queryable } from '@/lib/db/postgres/cluster';
import { hashPassword } from '../../passwords';
import {
  AccountError,
  distinctIds,
  invitationMembership,
  LastAdministratorError,
  newId,
  type Accounts,
  type InvitationTerms,
  type Member,
  type MembershipRules,
  type MembershipTerms,
  type NewInvitation,
  type TokenRow, type NewUser, type Organization, type UserClaim, type UserRow } from '../types';
import { insertAuditEvent, type PostgresAuditLog } from './audit';
import { insertToken, spendToken } from './tokens';

// The row shape the SQLite engine answers (email_verified 0 or 1).
export const USER = `id, username, email, password_hash, given_name, family_name, email_verified::int AS email_verified, created_at`;

/**
 * A change of password or e-mail address ends every open reset and confirmation link of the account (the CTE
 * `changed` holds its id, `$3` is now). Invitations are the organization's, not the account's: they stay.
 */
const END_LINKS_OF_CHANGED = `ended AS (UPDATE identity_account_tokens SET used_at = $3 WHERE user_id IN (SELECT id FROM changed)
   AND kind IN ('reset-password', 'verify-email') AND used_at IS NULL)`;

const isUniqueViolation = (err: unknown) => (err as { code?: string })?.code === '23505';

async function membershipOf(db: Queryable, userId: string, organizationId: string): Promise<{ administrator: boolean; roles: string[] } | null> {
  const { rows } = await db.query<{ is_administrator: boolean }>('SELECT is_administrator FROM identity_memberships WHERE user_id = $1 AND organization_id = $2', [
    userId,
    organizationId,
  ]);
  if (!rows[0]) return null;
  return { administrator: rows[0].is_administrator, roles: (await rolesOf(db, userId, organizationId)).map((r) => r.name) };
}

async function rolesOf(db: Queryable, userId: string, organizationId: string): Promise<{ id: string; name: string }[]> {
  const { rows } = await db.query<{ id: string; name: string }>(
    `SELECT r.id, r.name FROM identity_membership_roles mr JOIN identity_roles r ON r.id = mr.role_id
     WHERE mr.user_id = $1 AND mr.organization_id = $2 ORDER BY r.name COLLATE "C", r.id`,
    [userId, organizationId],
  );
  return rows;
}

async function checkAdministrators(db: Queryable, organizationId: string, rules: MembershipRules): Promise<void> {
  if (!rules.keepAnAdministrator) return;
  const { rows } = await db.query<{ n: number }>('SELECT count(*) AS n FROM identity_memberships WHERE organization_id = $1 AND is_administrator', [organizationId]);
  if (rows[0].n === 0) throw new LastAdministratorError(`organization ${organizationId} would have no administrator`);
}

/** The membership change itself, inside the caller's transaction (which has locked the organization's row). */
async function writeMembership(
  db: Queryable,
  user: { id: string; username: string },
  organizationId: string,
  membership: MembershipTerms,
  actor: string,
  rules: MembershipRules,
): Promise<void> {
  const userId = user.id;
  const before = await membershipOf(db, userId, organizationId);
  await db.query('DELETE FROM identity_memberships WHERE user_id = $1 AND organization_id = $2', [userId, organizationId]);
  await db.query('INSERT INTO identity_memberships (user_id, organization_id, is_administrator) VALUES ($1, $2, $3)', [userId, organizationId, membership.isAdministrator]);
  if (!membership.isAdministrator && membership.roleIds.length) {
    await db.query(
      `INSERT INTO identity_membership_roles (user_id, organization_id, role_id)
       SELECT $1, $2, r FROM unnest($3::text[]) AS r ON CONFLICT DO NOTHING`,
      [userId, organizationId, distinctIds(membership.roleIds)],
    );
  }
  await checkAdministrators(db, organizationId, rules);
  const after = (await membershipOf(db, userId, organizationId))!;
  const subject = user.username;
  if (!before) await insertAuditEvent(db, { actor, organizationId, action: 'membership.added', subject, details: after });
  else if (JSON.stringify(before) !== JSON.stringify(after)) {
    await insertAuditEvent(db, { actor, organizationId, action: 'membership.changed', subject, details: { from: before, to: after } });
  }
}

/**
 * Accounts in PostgreSQL (migration 0010), on the primary: a change is read back by the next request, whichever
 * instance serves it. A membership change locks its organization's row first, so changes of one organization's
 * members run one after the other.
 */
export class PostgresAccounts implements Accounts {
  constructor(
    private readonly cluster: PgCluster,
    readonly audit: PostgresAuditLog,
  ) {}

  private get db(): pg.Pool {
    return this.cluster.primary;
  }

  private async user(where: string, values: unknown[]): Promise<UserRow | undefined> {
    const { rows } = await this.db.query<UserRow>(`SELECT ${USER} FROM identity_users WHERE ${where} LIMIT 1`, values);
    return rows[0];
  }

  async isEmpty(): Promise<boolean> {
    const { rowCount } = await this.db.query('SELECT 1 FROM identity_users LIMIT 1');
    return rowCount === 0;
  }

  findById(id: string): Promise<UserRow | undefined> {
    return this.user('id = $1', [id]);
  }

  findByLogin(login: string): Promise<UserRow | undefined> {
    // A username first, as SQLite's single query answers the first row it finds.
    return this.user('lower(username) = lower($1) OR lower(email) = lower($1) ORDER BY (lower(username) = lower($1)) DESC', [login]);
  }

  findByUsername(username: string): Promise<UserRow | undefined> {
    return this.user('lower(username) = lower($1)', [username]);
  }

  findByEmail(email: string): Promise<UserRow | undefined> {
    return this.user('lower(email) = lower($1)', [email]);
  }

  async listUsers(): Promise<UserRow[]> {
    const { rows } = await this.db.query<UserRow>(`SELECT ${USER} FROM identity_users ORDER BY lower(username)`);
    return rows;
  }

  async createUser(input: NewUser): Promise<UserRow> {
    const taken = () => new AccountError(`a user with username ${input.username} or e-mail ${input.email} exists`);
    if ((await this.findByLogin(input.username)) || (await this.findByLogin(input.email))) throw taken();
    const id = input.id ?? newId('user');
    const hash = await hashPassword(input.password);
    try {
      const { rows } = await this.db.query<UserRow>(
        `INSERT INTO identity_users (id, username, email, password_hash, given_name, family_name, email_verified, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING ${USER}`,
        [id, input.username, input.email, hash, input.givenName, input.familyName, input.emailVerified === true, Date.now()],
      );
      return rows[0];
    } catch (err) {
      // Two sign-ups with one name at the same moment: the second loses here. A taken id is the caller's mistake.
      if (isUniqueViolation(err) && (err as { constraint?: string }).constraint !== 'identity_users_pkey') throw taken();
      throw err;
    }
  }

  async setPassword(userId: string, password: string): Promise<void> {
    const hash = await hashPassword(password);
    // One statement: the new password and the end of the account's open links commit together.
    const { rows } = await this.db.query<{ changed: number }>(
      `WITH changed AS (UPDATE identity_users SET password_hash = $1 WHERE id = $2 RETURNING id), ${END_LINKS_OF_CHANGED}
       SELECT count(*)::int AS changed FROM changed`,
      [hash, userId, Date.now()],
    );
    if (rows[0].changed === 0) throw new AccountError(`no user ${userId}`);
  }

  async setName(userId: string, givenName: string, familyName: string): Promise<void> {
    await this.db.query('UPDATE identity_users SET given_name = $1, family_name = $2 WHERE id = $3', [givenName, familyName, userId]);
  }

  async setEmail(userId: string, email: string): Promise<void> {
    await this.db.query(
      `WITH changed AS (UPDATE identity_users SET email = $1, email_verified = false WHERE id = $2 RETURNING id), ${END_LINKS_OF_CHANGED}
       SELECT 1`,
      [email, userId, Date.now()],
    );
  }

  async setEmailVerified(userId: string, verified: boolean): Promise<void> {
    const { rowCount } = await this.db.query('UPDATE identity_users SET email_verified = $1 WHERE id = $2', [verified, userId]);
    if (rowCount === 0) throw new AccountError(`no user ${userId}`);
  }

  async soleAdministratorOf(userId: string): Promise<Organization[]> {
    const { rows } = await this.db.query<Organization>(
      `SELECT o.id, o.name FROM identity_memberships m JOIN identity_organizations o ON o.id = m.organization_id
       WHERE m.user_id = $1 AND m.is_administrator
         AND (SELECT count(*) FROM identity_memberships x WHERE x.organization_id = m.organization_id AND x.is_administrator) = 1`,
      [userId],
    );
    return rows;
  }

  async deleteUser(userId: string): Promise<boolean> {
    const { rowCount } = await this.db.query('DELETE FROM identity_users WHERE id = $1', [userId]);
    return rowCount === 1;
  }

  async createOrganization(name: string, id = newId('org'), actor = 'system'): Promise<string> {
    await this.cluster.transaction(async (db) => {
      await db.query('INSERT INTO identity_organizations (id, name) VALUES ($1, $2)', [id, name]);
      await insertAuditEvent(db, { actor, organizationId: id, action: 'organization.created', subject: name });
    });
    return id;
  }

  async findOrganization(id: string): Promise<Organization | undefined> {
    const { rows } = await this.db.query<Organization>('SELECT id, name FROM identity_organizations WHERE id = $1', [id]);
    return rows[0];
  }

  async listOrganizations(): Promise<Organization[]> {
    const { rows } = await this.db.query<Organization>('SELECT id, name FROM identity_organizations ORDER BY name COLLATE "C", id');
    return rows;
  }

  async createRole(organizationId: string, name: string, id = newId('role'), actor = 'system'): Promise<string> {
    if (!(await this.findOrganization(organizationId))) throw new AccountError(`no organization ${organizationId}`);
    await this.cluster.transaction(async (db) => {
      await db.query('INSERT INTO identity_roles (id, organization_id, name) VALUES ($1, $2, $3)', [id, organizationId, name]);
      await insertAuditEvent(db, { actor, organizationId, action: 'role.created', subject: name, details: { roleId: id } });
    });
    return id;
  }

  async roles(organizationId: string): Promise<{ id: string; name: string }[]> {
    const { rows } = await this.db.query<{ id: string; name: string }>('SELECT id, name FROM identity_roles WHERE organization_id = $1 ORDER BY name COLLATE "C", id', [organizationId]);
    return rows;
  }

  async setMembership(userId: string, organizationId: string, membership: MembershipTerms, actor = 'system', rules: MembershipRules = {}): Promise<void> {
    await this.cluster.transaction(async (db) => {
      const organization = await db.query('SELECT 1 FROM identity_organizations WHERE id = $1 FOR UPDATE', [organizationId]);
      const { rows: users } = await db.query<{ username: string }>('SELECT username FROM identity_users WHERE id = $1', [userId]);
      if (!users[0]) throw new AccountError(`no user ${userId}`);
      if (!organization.rowCount) throw new AccountError(`no organization ${organizationId}`);
      if (membership.roleIds.length) {
        const { rows } = await db.query<{ id: string }>('SELECT id FROM identity_roles WHERE id = ANY($1::text[]) AND organization_id = $2', [membership.roleIds, organizationId]);
        const known = new Set(rows.map((r) => r.id));
        const unknown = membership.roleIds.find((id) => !known.has(id));
        if (unknown) throw new AccountError(`no role ${unknown} in organization ${organizationId}`);
      }
      await writeMembership(db, { id: userId, username: users[0].username }, organizationId, membership, actor, rules);
    });
  }

  async createInvitation(invitation: NewInvitation): Promise<void> {
    await this.cluster.transaction(async (db) => {
      await insertToken(db, invitation.token);
      await insertAuditEvent(db, {
        actor: invitation.actor,
        organizationId: invitation.token.organization_id,
        action: 'invitation.created',
        subject: invitation.subject,
        details: invitation.details,
      });
    });
  }

  async acceptInvitation(hash: string, user: { id: string; username: string }, now: number): Promise<TokenRow | undefined> {
    return this.cluster.transaction(async (db) => {
      const row = await spendToken(db, 'invitation', hash, now);
      if (!row?.organization_id) return row;
      // Who used it: the link, opened again, says that account is a member.
      await db.query("UPDATE identity_account_tokens SET user_id = $1 WHERE hash = $2 AND kind = 'invitation'", [user.id, hash]);
      const organizationId = row.organization_id;
      await db.query('SELECT 1 FROM identity_organizations WHERE id = $1 FOR UPDATE', [organizationId]);
      const terms = JSON.parse(row.data) as InvitationTerms;
      const { rows: roles } = await db.query<{ id: string }>('SELECT id FROM identity_roles WHERE organization_id = $1', [organizationId]);
      const current = await membershipOf(db, user.id, organizationId);
      const membership = invitationMembership(terms, new Set(roles.map((r) => r.id)), current?.administrator === true);
      if (membership) await writeMembership(db, user, organizationId, membership, `invitation from ${terms.invitedBy}`, {});
      await insertAuditEvent(db, { actor: user.username, organizationId, action: 'invitation.accepted', subject: row.email ?? 'a link' });
      return row;
    });
  }

  async removeMembership(userId: string, organizationId: string, actor = 'system', rules: MembershipRules = {}): Promise<boolean> {
    return this.cluster.transaction(async (db) => {
      await db.query('SELECT 1 FROM identity_organizations WHERE id = $1 FOR UPDATE', [organizationId]);
      const before = await membershipOf(db, userId, organizationId);
      if (!before) return false;
      await db.query('DELETE FROM identity_memberships WHERE user_id = $1 AND organization_id = $2', [userId, organizationId]);
      await checkAdministrators(db, organizationId, rules);
      const { rows } = await db.query<{ username: string }>('SELECT username FROM identity_users WHERE id = $1', [userId]);
      await insertAuditEvent(db, { actor, organizationId, action: 'membership.removed', subject: rows[0]?.username ?? userId, details: before });
      return true;
    });
  }

  async isAdministrator(userId: string, organizationId: string): Promise<boolean> {
    const { rows } = await this.db.query<{ is_administrator: boolean }>('SELECT is_administrator FROM identity_memberships WHERE user_id = $1 AND organization_id = $2', [
      userId,
      organizationId,
    ]);
    return rows[0]?.is_administrator === true;
  }

  async userClaim(userId: string): Promise<UserClaim> {
    const { rows } = await this.db.query<{ id: string; name: string; is_administrator: boolean; roles: { id: string; name: string }[] }>(
      `SELECT o.id, o.name, m.is_administrator,
              coalesce((SELECT json_agg(json_build_object('id', r.id, 'name', r.name) ORDER BY r.name COLLATE "C", r.id)
                        FROM identity_membership_roles mr JOIN identity_roles r ON r.id = mr.role_id
                        WHERE mr.user_id = m.user_id AND mr.organization_id = m.organization_id), '[]'::json) AS roles
       FROM identity_memberships m JOIN identity_organizations o ON o.id = m.organization_id
       WHERE m.user_id = $1 ORDER BY o.name COLLATE "C", o.id`,
      [userId],
    );
    return {
      id: userId,
      organizations: rows.map((row) => ({
        ...(row.is_administrator ? { isAdministrator: true as const } : {}),
        organization: { id: row.id, name: row.name },
        roles: row.is_administrator ? [] : row.roles.map((role) => ({ role })),
      })),
    };
  }

  async members(organizationId: string): Promise<Member[]> {
    const { rows } = await this.db.query<{
      id: string;
      username: string;
      given_name: string;
      family_name: string;
      email: string;
      is_administrator: boolean;
      roles: { id: string; name: string }[];
    }>(
      `SELECT u.id, u.username, u.given_name, u.family_name, u.email, m.is_administrator,
              coalesce((SELECT json_agg(json_build_object('id', r.id, 'name', r.name) ORDER BY r.name COLLATE "C", r.id)
                        FROM identity_membership_roles mr JOIN identity_roles r ON r.id = mr.role_id
                        WHERE mr.user_id = m.user_id AND mr.organization_id = m.organization_id), '[]'::json) AS roles
       FROM identity_memberships m JOIN identity_users u ON u.id = m.user_id WHERE m.organization_id = $1 ORDER BY lower(u.username)`,
      [organizationId],
    );
    return rows.map((row) => ({
      id: row.id,
      username: row.username,
      name: `${row.given_name} ${row.family_name}`.trim(),
      email: row.email,
      isAdministrator: row.is_administrator,
      roles: row.roles,
    }));
  }
}
