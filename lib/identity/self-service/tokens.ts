import crypto from 'node:crypto';
import type { AccountTokenStore, TokenKind, TokenRow } from '../directory/types';

export type { TokenKind, TokenRow } from '../directory/types';

/** A link that cannot be used, and, when it was one of ours (used or expired), its row: whose it was, for what. */
export type TokenCheck = { ok: true; row: TokenRow } | { ok: false; reason: 'unknown' } | { ok: false; reason: 'used' | 'expired'; row?: TokenRow };

export interface TokenFields {
  userId?: string;
  organizationId?: string;
  email?: string;
  data?: unknown;
}

const hashOf = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

/**
 * The tokens in e-mailed links: 32 random bytes, stored only as their SHA-256 (a stolen database opens no link),
 * single use and with an expiry. A hash of 256 random bits needs no salt and no slow hash.
 */
export class AccountTokens {
  constructor(
    private readonly store: AccountTokenStore,
    private readonly now: () => number = Date.now,
  ) {}

  /** A new token and the row to store for it (by the caller, with what goes in the same transaction). */
  mint(kind: TokenKind, ttlMs: number, fields: TokenFields): { token: string; row: Omit<TokenRow, 'used_at'> } {
    const token = crypto.randomBytes(32).toString('base64url');
    const at = this.now();
    return {
      token,
      row: {
        hash: hashOf(token),
        kind,
        user_id: fields.userId ?? null,
        organization_id: fields.organizationId ?? null,
        email: fields.email ?? null,
        data: JSON.stringify(fields.data ?? {}),
        created_at: at,
        expires_at: at + ttlMs,
      },
    };
  }

  async issue(kind: TokenKind, ttlMs: number, fields: TokenFields): Promise<string> {
    const { token, row } = this.mint(kind, ttlMs, fields);
    await this.store.insert(row);
    return token;
  }

  /** What a link's token is, without using it (for the page that asks to confirm). */
  async check(kind: TokenKind, token: string): Promise<TokenCheck> {
    if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return { ok: false, reason: 'unknown' };
    const row = await this.store.find(kind, hashOf(token));
    if (!row) return { ok: false, reason: 'unknown' };
    if (row.used_at !== null) return { ok: false, reason: 'used', row };
    if (row.expires_at <= this.now()) return { ok: false, reason: 'expired', row };
    return { ok: true, row };
  }

  /** Uses a token once: of two concurrent uses, exactly one succeeds. */
  async consume(kind: TokenKind, token: string): Promise<TokenCheck> {
    const checked = await this.check(kind, token);
    if (!checked.ok) return checked;
    const used = await this.store.use(kind, checked.row.hash, this.now());
    return used ? { ok: true, row: checked.row } : { ok: false, reason: 'used', row: checked.row };
  }

  /** Ends every open token of a kind for a user (a newer reset link, a changed password). */
  revokeForUser(kind: TokenKind, userId: string): Promise<void> {
    return this.store.revokeForUser(kind, userId, this.now());
  }

  /** Open (unused, unexpired) tokens of a kind for an organization, newest first. */
  openForOrganization(kind: TokenKind, organizationId: string): Promise<TokenRow[]> {
    return this.store.openForOrganization(kind, organizationId, this.now());
  }

  /** Ends one open token by its stored hash (the id an administrator sees for a pending invitation). */
  revokeByHash(kind: TokenKind, hash: string, organizationId: string): Promise<boolean> {
    return this.store.revokeByHash(kind, hash, organizationId, this.now());
  }

  /** Drops tokens a day past their expiry or use. */
  prune(): Promise<void> {
    return this.store.prune(this.now() - 86_400_000);
  }
}
