import crypto from 'node:crypto';
import type { IdentityDb } from '../store';

export type TokenKind = 'verify-email' | 'reset-password' | 'invitation';

export interface TokenRow {
  hash: string;
  kind: TokenKind;
  user_id: string | null;
  organization_id: string | null;
  email: string | null;
  data: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

export type TokenCheck = { ok: true; row: TokenRow } | { ok: false; reason: 'unknown' | 'used' | 'expired' };

const hashOf = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

/**
 * The tokens in e-mailed links: 32 random bytes, stored only as their SHA-256 (a stolen database opens no link),
 * single use and with an expiry. A hash of 256 random bits needs no salt and no slow hash.
 */
export class AccountTokens {
  constructor(
    private readonly db: IdentityDb,
    private readonly now: () => number = Date.now,
  ) {}

  issue(kind: TokenKind, ttlMs: number, fields: { userId?: string; organizationId?: string; email?: string; data?: unknown }): string {
    const token = crypto.randomBytes(32).toString('base64url');
    const at = this.now();
    this.db
      .prepare(
        `INSERT INTO account_tokens (hash, kind, user_id, organization_id, email, data, created_at, expires_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(hashOf(token), kind, fields.userId ?? null, fields.organizationId ?? null, fields.email ?? null, JSON.stringify(fields.data ?? {}), at, at + ttlMs);
    return token;
  }

  /** What a link's token is, without using it (for the page that asks to confirm). */
  check(kind: TokenKind, token: string): TokenCheck {
    if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return { ok: false, reason: 'unknown' };
    const row = this.db.prepare('SELECT * FROM account_tokens WHERE hash = ? AND kind = ?').get(hashOf(token), kind) as TokenRow | undefined;
    if (!row) return { ok: false, reason: 'unknown' };
    if (row.used_at !== null) return { ok: false, reason: 'used' };
    if (row.expires_at <= this.now()) return { ok: false, reason: 'expired' };
    return { ok: true, row };
  }

  /** Uses a token once: of two concurrent uses, exactly one succeeds. */
  consume(kind: TokenKind, token: string): TokenCheck {
    return this.db.transaction((): TokenCheck => {
      const checked = this.check(kind, token);
      if (!checked.ok) return checked;
      const used = this.db.prepare('UPDATE account_tokens SET used_at = ? WHERE hash = ? AND used_at IS NULL').run(this.now(), checked.row.hash);
      return used.changes === 1 ? checked : { ok: false, reason: 'used' };
    })();
  }

  /** Ends every open token of a kind for a user (a newer reset link, a changed password). */
  revokeForUser(kind: TokenKind, userId: string): void {
    this.db.prepare('UPDATE account_tokens SET used_at = ? WHERE kind = ? AND user_id = ? AND used_at IS NULL').run(this.now(), kind, userId);
  }

  /** Open (unused, unexpired) tokens of a kind for an organization, newest first. */
  openForOrganization(kind: TokenKind, organizationId: string): TokenRow[] {
    return this.db
      .prepare('SELECT * FROM account_tokens WHERE kind = ? AND organization_id = ? AND used_at IS NULL AND expires_at > ? ORDER BY created_at DESC')
      .all(kind, organizationId, this.now()) as TokenRow[];
  }

  /** Ends one open token by its stored hash (the id an administrator sees for a pending invitation). */
  revokeByHash(kind: TokenKind, hash: string, organizationId: string): boolean {
    return (
      this.db
        .prepare('UPDATE account_tokens SET used_at = ? WHERE kind = ? AND hash = ? AND organization_id = ? AND used_at IS NULL')
        .run(this.now(), kind, hash, organizationId).changes === 1
    );
  }

  /** Drops tokens a day past their expiry or use. */
  prune(): void {
    const dayAgo = this.now() - 86_400_000;
    this.db.prepare('DELETE FROM account_tokens WHERE expires_at < ? OR used_at < ?').run(dayAgo, dayAgo);
  }
}
