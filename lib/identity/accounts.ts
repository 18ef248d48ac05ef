import crypto from 'node:crypto';
import { AuditLog } from './audit';
import type { IdentityDb } from './store';
import { hashPassword } from './passwords';

export interface UserRow {
  id: string;
  username: string;
  email: string;
  password_hash: string;
  given_name: string;
  family_name: string;
  email_verified: number;
}

export interface Member {
  id: string;
  username: string;
  name: string;
  email: string;
  isAdministrator: boolean;
  roles: { id: string; name: string }[];
}

/** The `cosmos` scope's `user` claim, before it is serialized: isAdministrator appears only when true. */
export interface UserClaim {
  id: string;
  organizations: {
    isAdministrator?: true;
    organization: { id: string; name: string };
    roles: { role: { id: string; name: string } }[];
  }[];
}

export class AccountError extends Error {}

export function newId(prefix: string): string {
  return `${prefix}-${crypto.randomUUID()}`;
}

/**
 * Users, organizations, roles and memberships in the identity store. Every change to an organization is recorded in
 * the audit log, in the same transaction, with the `actor` who made it.
 */
export class Accounts {
  readonly audit: AuditLog;

  constructor(private readonly db: IdentityDb) {
    this.audit = new AuditLog(db);
  }

  isEmpty(): boolean {
    return !this.db.prepare('SELECT 1 FROM users LIMIT 1').get();
  }

  findById(id: string): UserRow | undefined {
    return this.db.prepare('SELECT * FROM users WHERE id = ?').get(id) as UserRow | undefined;
  }

  /** By username or e-mail address, case-insensitively. */
  findByLogin(login: string): UserRow | undefined {
    return this.db.prepare('SELECT * FROM users WHERE username = ? OR email = ?').get(login, login) as UserRow | undefined;
  }

  findByUsername(username: string): UserRow | undefined {
    return this.db.prepare('SELECT * FROM users WHERE username = ?').get(username) as UserRow | undefined;
  }

  findByEmail(email: string): UserRow | undefined {
    return this.db.prepare('SELECT * FROM users WHERE email = ?').get(email) as UserRow | undefined;
  }

  async createUser(input: {
    id?: string;
    username: string;
    email: string;
    password: string;
    givenName: string;
    familyName: string;
    emailVerified?: boolean;
  }): Promise<UserRow> {
    if (this.findByLogin(input.username) || this.findByLogin(input.email)) {
      throw new AccountError(`a user with username ${input.username} or e-mail ${input.email} exists`);
    }
    const id = input.id ?? newId('user');
    this.db
      .prepare(
        `INSERT INTO users (id, username, email, password_hash, given_name, family_name, email_verified, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(id, input.username, input.email, await hashPassword(input.password), input.givenName, input.familyName, input.emailVerified ? 1 : 0, Date.now());
    return this.findById(id)!;
  }

  async setPassword(userId: string, password: string): Promise<void> {
    const hash = await hashPassword(password);
    if (this.db.prepare('UPDATE users SET password_hash = ? WHERE id = ?').run(hash, userId).changes === 0) {
      throw new AccountError(`no user ${userId}`);
    }
  }

  setName(userId: string, givenName: string, familyName: string): void {
    this.db.prepare('UPDATE users SET given_name = ?, family_name = ? WHERE id = ?').run(givenName, familyName, userId);
  }

  /** A new address starts unverified. */
  setEmail(userId: string, email: string): void {
    this.db.prepare('UPDATE users SET email = ?, email_verified = 0 WHERE id = ?').run(email, userId);
  }

  /** Organizations where this user is the only administrator (they must hand over before leaving). */
  soleAdministratorOf(userId: string): { id: string; name: string }[] {
    return this.db
      .prepare(
        `SELECT o.id, o.name FROM memberships m JOIN organizations o ON o.id = m.organization_id
         WHERE m.user_id = ? AND m.is_administrator = 1
           AND (SELECT count(*) FROM memberships x WHERE x.organization_id = m.organization_id AND x.is_administrator = 1) = 1`,
      )
      .all(userId) as { id: string; name: string }[];
  }

  /** Deletes the user; memberships, roles held and open links go with it (ON DELETE CASCADE). */
  deleteUser(userId: string): boolean {
    return this.db.prepare('DELETE FROM users WHERE id = ?').run(userId).changes === 1;
  }

  setEmailVerified(userId: string, verified: boolean): void {
    if (this.db.prepare('UPDATE users SET email_verified = ? WHERE id = ?').run(verified ? 1 : 0, userId).changes === 0) {
      throw new AccountError(`no user ${userId}`);
    }
  }

  createOrganization(name: string, id = newId('org'), actor = 'system'): string {
    this.db.transaction(() => {
      this.db.prepare('INSERT INTO organizations (id, name) VALUES (?, ?)').run(id, name);
      this.audit.record({ actor, organizationId: id, action: 'organization.created', subject: name });
    })();
    return id;
  }

  findOrganization(id: string): { id: string; name: string } | undefined {
    return this.db.prepare('SELECT id, name FROM organizations WHERE id = ?').get(id) as { id: string; name: string } | undefined;
  }

  createRole(organizationId: string, name: string, id = newId('role'), actor = 'system'): string {
    if (!this.findOrganization(organizationId)) throw new AccountError(`no organization ${organizationId}`);
    this.db.transaction(() => {
      this.db.prepare('INSERT INTO roles (id, organization_id, name) VALUES (?, ?, ?)').run(id, organizationId, name);
      this.audit.record({ actor, organizationId, action: 'role.created', subject: name, details: { roleId: id } });
    })();
    return id;
  }

  roles(organizationId: string): { id: string; name: string }[] {
    return this.db.prepare('SELECT id, name FROM roles WHERE organization_id = ? ORDER BY name').all(organizationId) as { id: string; name: string }[];
  }

  private membershipOf(userId: string, organizationId: string): { administrator: boolean; roles: string[] } | null {
    const row = this.db
      .prepare('SELECT is_administrator FROM memberships WHERE user_id = ? AND organization_id = ?')
      .get(userId, organizationId) as { is_administrator: number } | undefined;
    return row ? { administrator: row.is_administrator === 1, roles: this.rolesOf(userId, organizationId).map((r) => r.name) } : null;
  }

  /** Adds or replaces a membership: an administrator has no roles, a member has the given roles. */
  setMembership(userId: string, organizationId: string, membership: { isAdministrator: boolean; roleIds: string[] }, actor = 'system'): void {
    const user = this.findById(userId);
    if (!user) throw new AccountError(`no user ${userId}`);
    if (!this.findOrganization(organizationId)) throw new AccountError(`no organization ${organizationId}`);
    const roleOrg = this.db.prepare('SELECT organization_id FROM roles WHERE id = ?');
    for (const roleId of membership.roleIds) {
      const row = roleOrg.get(roleId) as { organization_id: string } | undefined;
      if (row?.organization_id !== organizationId) throw new AccountError(`no role ${roleId} in organization ${organizationId}`);
    }
    this.db.transaction(() => {
      const before = this.membershipOf(userId, organizationId);
      this.db.prepare('DELETE FROM memberships WHERE user_id = ? AND organization_id = ?').run(userId, organizationId);
      this.db
        .prepare('INSERT INTO memberships (user_id, organization_id, is_administrator) VALUES (?, ?, ?)')
        .run(userId, organizationId, membership.isAdministrator ? 1 : 0);
      if (!membership.isAdministrator) {
        const insert = this.db.prepare('INSERT INTO membership_roles (user_id, organization_id, role_id) VALUES (?, ?, ?)');
        for (const roleId of membership.roleIds) insert.run(userId, organizationId, roleId);
      }
      const after = this.membershipOf(userId, organizationId)!;
      if (!before) this.audit.record({ actor, organizationId, action: 'membership.added', subject: user.username, details: after });
      else if (JSON.stringify(before) !== JSON.stringify(after)) {
        this.audit.record({ actor, organizationId, action: 'membership.changed', subject: user.username, details: { from: before, to: after } });
      }
    })();
  }

  removeMembership(userId: string, organizationId: string, actor = 'system'): boolean {
    return this.db.transaction(() => {
      const before = this.membershipOf(userId, organizationId);
      if (!before) return false;
      this.db.prepare('DELETE FROM memberships WHERE user_id = ? AND organization_id = ?').run(userId, organizationId);
      const username = this.findById(userId)?.username ?? userId;
      this.audit.record({ actor, organizationId, action: 'membership.removed', subject: username, details: before });
      return true;
    })();
  }

  isAdministrator(userId: string, organizationId: string): boolean {
    const row = this.db
      .prepare('SELECT is_administrator FROM memberships WHERE user_id = ? AND organization_id = ?')
      .get(userId, organizationId) as { is_administrator: number } | undefined;
    return row?.is_administrator === 1;
  }

  private rolesOf(userId: string, organizationId: string): { id: string; name: string }[] {
    return this.db
      .prepare(
        `SELECT r.id, r.name FROM membership_roles mr JOIN roles r ON r.id = mr.role_id
         WHERE mr.user_id = ? AND mr.organization_id = ? ORDER BY r.name`,
      )
      .all(userId, organizationId) as { id: string; name: string }[];
  }

  userClaim(userId: string): UserClaim {
    const rows = this.db
      .prepare(
        `SELECT o.id, o.name, m.is_administrator FROM memberships m JOIN organizations o ON o.id = m.organization_id
         WHERE m.user_id = ? ORDER BY o.name`,
      )
      .all(userId) as { id: string; name: string; is_administrator: number }[];
    return {
      id: userId,
      organizations: rows.map((row) => ({
        ...(row.is_administrator ? { isAdministrator: true as const } : {}),
        organization: { id: row.id, name: row.name },
        roles: row.is_administrator ? [] : this.rolesOf(userId, row.id).map((role) => ({ role })),
      })),
    };
  }

  members(organizationId: string): Member[] {
    const rows = this.db
      .prepare(
        `SELECT u.id, u.username, u.given_name, u.family_name, u.email, m.is_administrator
         FROM memberships m JOIN users u ON u.id = m.user_id WHERE m.organization_id = ? ORDER BY u.username`,
      )
      .all(organizationId) as { id: string; username: string; given_name: string; family_name: string; email: string; is_administrator: number }[];
    return rows.map((row) => ({
      id: row.id,
      username: row.username,
      name: `${row.given_name} ${row.family_name}`.trim(),
      email: row.email,
      isAdministrator: row.is_administrator === 1,
      roles: this.rolesOf(row.id, organizationId),
    }));
  }

  /** Claims of a user by OIDC claim name; the provider picks those of the granted scopes. */
  claims(user: UserRow): Record<string, unknown> {
    return {
      sub: user.id,
      email: user.email,
      email_verified: user.email_verified === 1,
      given_name: user.given_name,
      family_name: user.family_name,
      name: `${user.given_name} ${user.family_name}`.trim(),
      user: JSON.stringify(this.userClaim(user.id)),
    };
  }
}
