import type { IdentityDb } from '../../store';
import type { AccountTokenStore, TokenKind, TokenRow } from '../types';

export function insertToken(db: IdentityDb, row: Omit<TokenRow, 'used_at'>): void {
  db.prepare(
    `INSERT INTO account_tokens (hash, kind, user_id, organization_id, email, data, created_at, expires_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(row.hash, row.kind, row.user_id, row.organization_id, row.email, row.data, row.created_at, row.expires_at);
}

export function spendToken(db: IdentityDb, kind: TokenKind, hash: string, now: number): TokenRow | undefined {
  return db
    .prepare('UPDATE account_tokens SET used_at = ? WHERE hash = ? AND kind = ? AND used_at IS NULL AND expires_at > ? RETURNING *')
    .get(now, hash, kind, now) as TokenRow | undefined;
}

/**
 * Ends every open reset and confirmation link of an account (its password or e-mail address changed), inside the
 * caller's transaction. Invitations are the organization's, not the account's: they stay.
 */
export function endAccountLinks(db: IdentityDb, userId: string, now = Date.now()): void {
  db.prepare(`UPDATE account_tokens SET used_at = ? WHERE user_id = ? AND kind IN ('reset-password', 'verify-email') AND used_at IS NULL`).run(now, userId);
}

export class SqliteAccountTokens implements AccountTokenStore {
  constructor(private readonly db: IdentityDb) {}

  async insert(row: Omit<TokenRow, 'used_at'>): Promise<void> {
    insertToken(this.db, row);
  }

  async find(kind: TokenKind, hash: string): Promise<TokenRow | undefined> {
    return this.db.prepare('SELECT * FROM account_tokens WHERE hash = ? AND kind = ?').get(hash, kind) as TokenRow | undefined;
  }

  async use(kind: TokenKind, hash: string, now: number): Promise<TokenRow | undefined> {
    return spendToken(this.db, kind, hash, now);
  }

  async revokeForUser(kind: TokenKind, userId: string, now: number): Promise<void> {
    this.db.prepare('UPDATE account_tokens SET used_at = ? WHERE kind = ? AND user_id = ? AND used_at IS NULL').run(now, kind, userId);
  }

  async openForOrganization(kind: TokenKind, organizationId: string, now: number): Promise<TokenRow[]> {
    return this.db
      .prepare('SELECT * FROM account_tokens WHERE kind = ? AND organization_id = ? AND used_at IS NULL AND expires_at > ? ORDER BY created_at DESC')
      .all(kind, organizationId, now) as TokenRow[];
  }

  async revokeByHash(kind: TokenKind, hash: string, organizationId: string, now: number): Promise<boolean> {
    return (
      this.db
        .prepare('UPDATE account_tokens SET used_at = ? WHERE kind = ? AND hash = ? AND organization_id = ? AND used_at IS NULL')
        .run(now, kind, hash, organizationId).changes === 1
    );
  }

  async prune(before: number): Promise<void> {
    this.db.prepare('DELETE FROM account_tokens WHERE expires_at < ? OR used_at < ?').run(before, before);
  }
}
