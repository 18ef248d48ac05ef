import type { IdentityDb } from '../../store';
import type { PasskeyRecord, PasskeyStore, TotpRecord, TotpStore } from '../types';
import { passkeyOf, type PasskeyRow } from '../rows';

export class SqliteTotpStore implements TotpStore {
  constructor(private readonly db: IdentityDb) {}

  async get(userId: string): Promise<TotpRecord | undefined> {
    const row = this.db.prepare('SELECT secret, confirmed_at, last_step FROM account_totp WHERE user_id = ?').get(userId) as
      | { secret: string; confirmed_at: number | null; last_step: number }
      | undefined;
    return row && { secret: row.secret, confirmed: row.confirmed_at !== null, lastStep: row.last_step };
  }

  async start(userId: string, sealedSecret: string): Promise<void> {
    this.db
      .prepare('INSERT INTO account_totp (user_id, secret) VALUES (?, ?) ON CONFLICT (user_id) DO UPDATE SET secret = excluded.secret, confirmed_at = NULL, last_step = 0')
      .run(userId, sealedSecret);
  }

  async useStep(userId: string, step: number): Promise<boolean> {
    return this.db.prepare('UPDATE account_totp SET last_step = ? WHERE user_id = ? AND last_step < ?').run(step, userId, step).changes === 1;
  }

  async confirm(userId: string, recoveryCodeHashes: string[], now: number): Promise<void> {
    this.db.transaction(() => {
      this.db.prepare('UPDATE account_totp SET confirmed_at = ? WHERE user_id = ?').run(now, userId);
      this.db.prepare('DELETE FROM account_recovery_codes WHERE user_id = ?').run(userId);
      const insert = this.db.prepare('INSERT INTO account_recovery_codes (user_id, hash) VALUES (?, ?)');
      for (const hash of recoveryCodeHashes) insert.run(userId, hash);
    })();
  }

  async useRecoveryCode(userId: string, hash: string, now: number): Promise<boolean> {
    return this.db.prepare('UPDATE account_recovery_codes SET used_at = ? WHERE user_id = ? AND hash = ? AND used_at IS NULL').run(now, userId, hash).changes === 1;
  }

  async remainingRecoveryCodes(userId: string): Promise<number> {
    return (this.db.prepare('SELECT count(*) AS n FROM account_recovery_codes WHERE user_id = ? AND used_at IS NULL').get(userId) as { n: number }).n;
  }

  async remove(userId: string): Promise<void> {
    this.db.transaction(() => {
      this.db.prepare('DELETE FROM account_totp WHERE user_id = ?').run(userId);
      this.db.prepare('DELETE FROM account_recovery_codes WHERE user_id = ?').run(userId);
    })();
  }
}

/** SQLite keeps the transports as JSON text. */
type StoredPasskeyRow = Omit<PasskeyRow, 'transports'> & { transports: string };

const storedPasskeyOf = (row: StoredPasskeyRow): PasskeyRecord => passkeyOf({ ...row, transports: JSON.parse(row.transports) as string[] });

export class SqlitePasskeyStore implements PasskeyStore {
  constructor(private readonly db: IdentityDb) {}

  async list(userId: string): Promise<PasskeyRecord[]> {
    return (this.db.prepare('SELECT * FROM account_passkeys WHERE user_id = ? ORDER BY created_at').all(userId) as StoredPasskeyRow[]).map(storedPasskeyOf);
  }

  async add(record: Omit<PasskeyRecord, 'lastUsedAt'>): Promise<void> {
    this.db
      .prepare('INSERT INTO account_passkeys (id, user_id, public_key, counter, transports, name, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)')
      .run(record.id, record.userId, record.publicKey, record.counter, JSON.stringify(record.transports), record.name, record.createdAt);
  }

  async find(id: string): Promise<PasskeyRecord | undefined> {
    const row = this.db.prepare('SELECT * FROM account_passkeys WHERE id = ?').get(id) as StoredPasskeyRow | undefined;
    return row && storedPasskeyOf(row);
  }

  async used(id: string, counter: number, now: number): Promise<void> {
    this.db.prepare('UPDATE account_passkeys SET counter = ?, last_used_at = ? WHERE id = ?').run(counter, now, id);
  }

  async remove(userId: string, id: string): Promise<boolean> {
    return this.db.prepare('DELETE FROM account_passkeys WHERE user_id = ? AND id = ?').run(userId, id).changes === 1;
  }
}
