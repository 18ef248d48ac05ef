import type { PgCluster, Queryable } from '@/lib/db/postgres/cluster';
import type { AccountTokenStore, TokenKind, TokenRow } from '../types';

export async function insertToken(db: Queryable, row: Omit<TokenRow, 'used_at'>): Promise<void> {
  await db.query(
    `INSERT INTO identity_account_tokens (hash, kind, user_id, organization_id, email, data, created_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [row.hash, row.kind, row.user_id, row.organization_id, row.email, row.data, row.created_at, row.expires_at],
  );
}

/** The row lock makes a second, concurrent UPDATE wait and then find used_at set: one use wins. */
export async function spendToken(db: Queryable, kind: TokenKind, hash: string, now: number): Promise<TokenRow | undefined> {
  const { rows } = await db.query<TokenRow>(
    'UPDATE identity_account_tokens SET used_at = $1 WHERE hash = $2 AND kind = $3 AND used_at IS NULL AND expires_at > $1 RETURNING *',
    [now, hash, kind],
  );
  return rows[0];
}

export class PostgresAccountTokens implements AccountTokenStore {
  constructor(private readonly cluster: PgCluster) {}

  private get db() {
    return this.cluster.primary;
  }

  insert(row: Omit<TokenRow, 'used_at'>): Promise<void> {
    return insertToken(this.db, row);
  }

  async find(kind: TokenKind, hash: string): Promise<TokenRow | undefined> {
    const { rows } = await this.db.query<TokenRow>('SELECT * FROM identity_account_tokens WHERE hash = $1 AND kind = $2', [hash, kind]);
    return rows[0];
  }

  use(kind: TokenKind, hash: string, now: number): Promise<TokenRow | undefined> {
    return spendToken(this.db, kind, hash, now);
  }

  async revokeForUser(kind: TokenKind, userId: string, now: number): Promise<void> {
    await this.db.query('UPDATE identity_account_tokens SET used_at = $1 WHERE kind = $2 AND user_id = $3 AND used_at IS NULL', [now, kind, userId]);
  }

  async openForOrganization(kind: TokenKind, organizationId: string, now: number): Promise<TokenRow[]> {
    const { rows } = await this.db.query<TokenRow>(
      'SELECT * FROM identity_account_tokens WHERE kind = $1 AND organization_id = $2 AND used_at IS NULL AND expires_at > $3 ORDER BY created_at DESC',
      [kind, organizationId, now],
    );
    return rows;
  }

  async revokeByHash(kind: TokenKind, hash: string, organizationId: string, now: number): Promise<boolean> {
    const { rowCount } = await this.db.query(
      'UPDATE identity_account_tokens SET used_at = $1 WHERE kind = $2 AND hash = $3 AND organization_id = $4 AND used_at IS NULL',
      [now, kind, hash, organizationId],
    );
    return rowCount === 1;
  }

  async prune(before: number): Promise<void> {
    await this.db.query('DELETE FROM identity_account_tokens WHERE expires_at < $1 OR used_at < $1', [before]);
  }
}
