import type { PgCluster } from '@/lib/db/postgres/cluster';
import type { PasskeyRecord, PasskeyStore, TotpRecord, TotpStore } from '../types';
import { passkeyOf, type PasskeyRow } from '../rows';

export class PostgresTotpStore implements TotpStore {
  constructor(private readonly cluster: PgCluster) {}

  private get db() {
    return this.cluster.primary;
  }

  async get(userId: string): Promise<TotpRecord | undefined> {
    const { rows } = await this.db.query<{ secret: string; confirmed_at: number | null; last_step: number }>(
      'SELECT secret, confirmed_at, last_step FROM identity_account_totp WHERE user_id = $1',
      [userId],
    );
    return rows[0] && { secret: rows[0].secret, confirmed: rows[0].confirmed_at !== null, lastStep: rows[0].last_step };
  }

  async start(userId: string, sealedSecret: string): Promise<void> {
    await this.db.query(
      `INSERT INTO identity_account_totp (user_id, secret) VALUES ($1, $2)
       ON CONFLICT (user_id) DO UPDATE SET secret = excluded.secret, confirmed_at = NULL, last_step = 0`,
      [userId, sealedSecret],
    );
  }

  async useStep(userId: string, step: number): Promise<boolean> {
    const { rowCount } = await this.db.query('UPDATE identity_account_totp SET last_step = $1 WHERE user_id = $2 AND last_step < $1', [step, userId]);
    return rowCount === 1;
  }

  async confirm(userId: string, recoveryCodeHashes: string[], now: number): Promise<void> {
    await this.cluster.transaction(async (db) => {
      await db.query('UPDATE identity_account_totp SET confirmed_at = $1 WHERE user_id = $2', [now, userId]);
      await db.query('DELETE FROM identity_account_recovery_codes WHERE user_id = $1', [userId]);
      await db.query('INSERT INTO identity_account_recovery_codes (user_id, hash) SELECT $1, h FROM unnest($2::text[]) AS h', [userId, recoveryCodeHashes]);
    });
  }

  async useRecoveryCode(userId: string, hash: string, now: number): Promise<boolean> {
    const { rowCount } = await this.db.query('UPDATE identity_account_recovery_codes SET used_at = $1 WHERE user_id = $2 AND hash = $3 AND used_at IS NULL', [now, userId, hash]);
    return rowCount === 1;
  }

  async remainingRecoveryCodes(userId: string): Promise<number> {
    const { rows } = await this.db.query<{ n: number }>('SELECT count(*) AS n FROM identity_account_recovery_codes WHERE user_id = $1 AND used_at IS NULL', [userId]);
    return rows[0].n;
  }

  async remove(userId: string): Promise<void> {
    await this.cluster.transaction(async (db) => {
      await db.query('DELETE FROM identity_account_totp WHERE user_id = $1', [userId]);
      await db.query('DELETE FROM identity_account_recovery_codes WHERE user_id = $1', [userId]);
    });
  }
}

export class PostgresPasskeyStore implements PasskeyStore {
  constructor(private readonly cluster: PgCluster) {}

  private get db() {
    return this.cluster.primary;
  }

  async list(userId: string): Promise<PasskeyRecord[]> {
    const { rows } = await this.db.query<PasskeyRow>('SELECT * FROM identity_account_passkeys WHERE user_id = $1 ORDER BY created_at, id', [userId]);
    return rows.map(passkeyOf);
  }

  async add(record: Omit<PasskeyRecord, 'lastUsedAt'>): Promise<void> {
    await this.db.query(
      'INSERT INTO identity_account_passkeys (id, user_id, public_key, counter, transports, name, created_at) VALUES ($1, $2, $3, $4, $5::jsonb, $6, $7)',
      [record.id, record.userId, record.publicKey, record.counter, JSON.stringify(record.transports), record.name, record.createdAt],
    );
  }

  async find(id: string): Promise<PasskeyRecord | undefined> {
    const { rows } = await this.db.query<PasskeyRow>('SELECT * FROM identity_account_passkeys WHERE id = $1', [id]);
    return rows[0] && passkeyOf(rows[0]);
  }

  async used(id: string, counter: number, now: number): Promise<void> {
    await this.db.query('UPDATE identity_account_passkeys SET counter = $1, last_used_at = $2 WHERE id = $3', [counter, now, id]);
  }

  async remove(userId: string, id: string): Promise<boolean> {
    const { rowCount } = await this.db.query('DELETE FROM identity_account_passkeys WHERE user_id = $1 AND id = $2', [userId, id]);
    return rowCount === 1;
  }
}
