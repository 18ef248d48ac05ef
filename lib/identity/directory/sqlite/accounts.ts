import { hashPassword } from '../../passwords';
import type { IdentityDb } from '../../store';
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
import type { SqliteAuditLog } from './audit';
import { endAccountLinks, insertToken, spendToken } from './tokens';

/** Accounts in the identity SQLite file (better-sqlite3: synchronous, each change in one transaction). */
export class SqliteAccounts implements Accounts {
  constructor(
    private readonly db: IdentityDb,
    readonly audit: SqliteAuditLog,
  ) {}

  async isEmpty(): Promise<boolean> {
    return !this.db.prepare('SELECT 1 FROM users LIMIT 1').get();
  }

  private byId(id: string): UserRow | undefined {
    return this.db.prepare('SELECT * FROM users WHERE id = ?').get(id) as UserRow | undefined;
  }

  private byLogin(login: string): UserRow | undefined {
    return this.db.prepare('SELECT * FROM users WHERE username = ? OR email = ?').get(login, login) as UserRow | undefined;
  }

  async findById(id: string): Promise<UserRow | undefined> {
    return this.byId(id);
  }

  async findByLogin(login: string): Promise<UserRow | undefined> {
    return this.byLogin(login);
  }

  async findByUsername(username: string): Promise<UserRow | undefined> {
    return this.db.prepare('SELECT * FROM users WHERE username = ?').get(username) as UserRow | undefined;
  }

  async findByEmail(email: string): Promise<UserRow | undefined> {
    return this.db.prepare('SELECT * FROM users WHERE email = ?').get(email) as UserRow | undefined;
  }

  async listUsers(): Promise<UserRow[]> {
    return this.db.prepare('SELECT * FROM users ORDER BY username').all() as UserRow[];
  }

  async createUser(input: NewUser): Promise<UserRow> {
    if (this.byLogin(input.username) || this.byLogin(input.email)) {
      throw new AccountError(`a user with username ${input.username} or e-mail ${input.email} exists`);
    }
    const id = input.id ?? newId('user');
    const hash = await hashPassword(input.password);
    this.db
      .prepare(
        `INSERT INTO users (id, username, email, password_hash, given_name, family_name, email_verified, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(id, input.username, input.email, hash, input.givenName, input.familyName, input.emailVerified ? 1 : 0, Date.now());
    return this.byId(id)!;
  }

  async setPassword(userId: string, password: string): Promise<void> {
    const hash = await hashPassword(password);
    this.db.transaction(() => {
      if (this.db.prepare('UPDATE users SET password_hash = ? WHERE id = ?').run(hash, userId).changes === 0) {
        throw new AccountError(`no user ${userId}`);
      }
      endAccountLinks(this.db, userId);
    })();
  }

  async setName(userId: string, givenName: string, familyName: string): Promise<void> {
    this.db.prepare('UPDATE users SET given_name = ?, family_name = ? WHERE id = ?').run(givenName, familyName, userId);
  }

  async setEmail(userId: string, email: string): Promise<void> {
    this.db.transaction(() => {
      if (this.db.prepare('UPDATE users SET email = ?, email_verified = 0 WHERE id = ?').run(email, userId).changes > 0) endAccountLinks(this.db, userId);
    })();
  }

  async setEmailVerified(userId: string, verified: boolean): Promise<void> {
    if (this.db.prepare('UPDATE users SET email_verified = ? WHERE id = ?').run(verified ? 1 : 0, userId).changes === 0) {
      throw new AccountError(`no user ${userId}`);
    }
  }

  async soleAdministratorOf(userId: string): Promise<Organization[]> {
    return this.db
      .prepare(
        `SELECT o.id, o.name FROM memberships m JOIN organizations o ON o.id = m.organization_id
         WHERE m.user_id = ? AND m.is_administrator = 1
           AND (SELECT count(*) FROM memberships x WHERE x.organization_id = m.organization_id AND x.is_administrator = 1) = 1`,
      )
      .all(userId) as Organization[];
  }

  async deleteUser(userId: string): Promise<boolean> {
    return this.db.prepare('DELETE FROM users WHERE id = ?').run(userId).changes === 1;
  }

  async createOrganization(name: string, id = newId('org'), actor = 'system'): Promise<string> {
    this.db.transaction(() => {
      this.db.prepare('INSERT INTO organizations (id, name) VALUES (?, ?)').run(id, name);
      this.audit.recordNow({ actor, organizationId: id, action: 'organization.created', subject: name });
    })();
    return id;
  }

  private organization(id: string): Organization | undefined {
    return this.db.prepare('SELECT id, name FROM organizations WHERE id = ?').get(id) as Organization | undefined;
  }

  async findOrganization(id: string): Promise<Organization | undefined> {
    return this.organization(id);
  }

  async listOrganizations(): Promise<Organization[]> {
    return this.db.prepare('SELECT id, name FROM organizations ORDER BY name').all() as Organization[];
  }

  async createRole(organizationId: string, name: string, id = newId('role'), actor = 'system'): Promise<string> {
    if (!this.organization(organizationId)) throw new AccountError(`no organization ${organizationId}`);
    this.db.transaction(() => {
      this.db.prepare('INSERT INTO roles (id, organization_id, name) VALUES (?, ?, ?)').run(id, organizationId, name);
      this.audit.recordNow({ actor, organizationId, action: 'role.created', subject: name, details: { roleId: id } });
    })();
    return id;
  }

  async roles(organizationId: string): Promise<{ id: string; name: string }[]> {
    return this.db.prepare('SELECT id, name FROM roles WHERE organization_id = ? ORDER BY name').all(organizationId) as { id: string; name: string }[];
  }

  private membershipOf(userId: string, organizationId: string): { administrator: boolean; roles: string[] } | null {
    const row = this.db
      .prepare('SELECT is_administrator FROM memberships WHERE user_id = ? AND organization_id = ?')
      .get(userId, organizationId) as { is_administrator: number } | undefined;
    return row ? { administrator: row.is_administrator === 1, roles: this.rolesOf(userId, organizationId).map((r) => r.name) } : null;
  }

  private checkAdministrators(organizationId: string, rules: MembershipRules): void {
    if (!rules.keepAnAdministrator) return;
    const { n } = this.db.prepare('SELECT count(*) AS n FROM memberships WHERE organization_id = ? AND is_administrator = 1').get(organizationId) as { n: number };
    if (n === 0) throw new LastAdministratorError(`organization ${organizationId} would have no administrator`);
  }

  async setMembership(userId: string, organizationId: string, membership: MembershipTerms, actor = 'system', rules: MembershipRules = {}): Promise<void> {
    const user = this.byId(userId);
    if (!user) throw new AccountError(`no user ${userId}`);
    if (!this.organization(organizationId)) throw new AccountError(`no organization ${organizationId}`);
    const roleOrg = this.db.prepare('SELECT organization_id FROM roles WHERE id = ?');
    for (const roleId of membership.roleIds) {
      const row = roleOrg.get(roleId) as { organization_id: string } | undefined;
      if (row?.organization_id !== organizationId) throw new AccountError(`no role ${roleId} in organization ${organizationId}`);
    }
    this.db.transaction(() => this.writeMembership(user, organizationId, membership, actor, rules))();
  }

  /** The membership change itself, inside the caller's transaction. */
  private writeMembership(user: { id: string; username: string }, organizationId: string, membership: MembershipTerms, actor: string, rules: MembershipRules): void {
    const userId = user.id;
    const before = this.membershipOf(userId, organizationId);
    this.db.prepare('DELETE FROM memberships WHERE user_id = ? AND organization_id = ?').run(userId, organizationId);
    this.db
      .prepare('INSERT INTO memberships (user_id, organization_id, is_administrator) VALUES (?, ?, ?)')
      .run(userId, organizationId, membership.isAdministrator ? 1 : 0);
    if (!membership.isAdministrator) {
      const insert = this.db.prepare('INSERT INTO membership_roles (user_id, organization_id, role_id) VALUES (?, ?, ?)');
      for (const roleId of distinctIds(membership.roleIds)) insert.run(userId, organizationId, roleId);
    }
    this.checkAdministrators(organizationId, rules);
    const after = this.membershipOf(userId, organizationId)!;
    if (!before) this.audit.recordNow({ actor, organizationId, action: 'membership.added', subject: user.username, details: after });
    else if (JSON.stringify(before) !== JSON.stringify(after)) {
      this.audit.recordNow({ actor, organizationId, action: 'membership.changed', subject: user.username, details: { from: before, to: after } });
    }
  }

  async createInvitation(invitation: NewInvitation): Promise<void> {
    this.db.transaction(() => {
      insertToken(this.db, invitation.token);
      this.audit.recordNow({
        actor: invitation.actor,
        organizationId: invitation.token.organization_id,
        action: 'invitation.created',
        subject: invitation.subject,
        details: invitation.details,
      });
    })();
  }

  async acceptInvitation(hash: string, user: { id: string; username: string }, now: number): Promise<TokenRow | undefined> {
    return this.db.transaction(() => {
      const row = spendToken(this.db, 'invitation', hash, now);
      if (!row?.organization_id) return row;
      // Who used it: the link, opened again, says that account is a member.
      this.db.prepare("UPDATE account_tokens SET user_id = ? WHERE hash = ? AND kind = 'invitation'").run(user.id, hash);
      const organizationId = row.organization_id;
      const terms = JSON.parse(row.data) as InvitationTerms;
      const known = new Set((this.db.prepare('SELECT id FROM roles WHERE organization_id = ?').all(organizationId) as { id: string }[]).map((r) => r.id));
      const membership = invitationMembership(terms, known, this.membershipOf(user.id, organizationId)?.administrator === true);
      if (membership) this.writeMembership(user, organizationId, membership, `invitation from ${terms.invitedBy}`, {});
      this.audit.recordNow({ actor: user.username, organizationId, action: 'invitation.accepted', subject: row.email ?? 'a link' });
      return row;
    })();
  }

  async removeMembership(userId: string, organizationId: string, actor = 'system', rules: MembershipRules = {}): Promise<boolean> {
    return this.db.transaction(() => {
      const before = this.membershipOf(userId, organizationId);
      if (!before) return false;
      this.db.prepare('DELETE FROM memberships WHERE user_id = ? AND organization_id = ?').run(userId, organizationId);
      this.checkAdministrators(organizationId, rules);
      const username = this.byId(userId)?.username ?? userId;
      this.audit.recordNow({ actor, organizationId, action: 'membership.removed', subject: username, details: before });
      return true;
    })();
  }

  async isAdministrator(userId: string, organizationId: string): Promise<boolean> {
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

  async userClaim(userId: string): Promise<UserClaim> {
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

  async members(organizationId: string): Promise<Member[]> {
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
}
