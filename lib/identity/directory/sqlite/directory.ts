import { openIdentityDb, type IdentityDb } from '../../store';
import type { IdentityDirectory } from '../types';
import { SqliteAccounts } from './accounts';
import { SqliteAuditLog } from './audit';
import { SqliteModerators } from './moderators';
import { SqlitePasskeyStore, SqliteTotpStore } from './second-factors';
import { SqliteAccountTokens } from './tokens';

/** The identity directory in `DATA_DIR/identity.sqlite` (schema in ../../store.ts), the default engine. */
export class SqliteIdentityDirectory implements IdentityDirectory {
  readonly audit: SqliteAuditLog;
  readonly accounts: SqliteAccounts;
  readonly tokens: SqliteAccountTokens;
  readonly totp: SqliteTotpStore;
  readonly passkeys: SqlitePasskeyStore;
  readonly moderators: SqliteModerators;

  constructor(
    private readonly db: IdentityDb,
    private readonly file = db.name,
    private readonly release: () => void = () => db.close(),
  ) {
    this.audit = new SqliteAuditLog(db);
    this.accounts = new SqliteAccounts(db, this.audit);
    this.tokens = new SqliteAccountTokens(db);
    this.totp = new SqliteTotpStore(db);
    this.passkeys = new SqlitePasskeyStore(db);
    this.moderators = new SqliteModerators(db, this.audit);
  }

  static open(file: string): SqliteIdentityDirectory {
    const { db, release } = openIdentityDb(file);
    return new SqliteIdentityDirectory(db, file, release);
  }

  private queue: Promise<unknown> = Promise.resolve();

  /** One process owns the file: calls of this instance run one after the other. */
  exclusively<T>(_name: string, fn: () => Promise<T>): Promise<T> {
    const run = this.queue.then(fn, fn);
    this.queue = run.catch(() => undefined);
    return run;
  }

  describe(): string {
    return `SQLite ${this.file}`;
  }

  ready(): boolean {
    return this.db.open;
  }

  async close(): Promise<void> {
    if (this.db.open) this.release();
  }
}
