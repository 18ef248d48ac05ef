import { withAdvisoryLock } from '@/lib/db/postgres/advisory-lock';
import type { PgCluster } from '@/lib/db/postgres/cluster';
import { openDatabase, type DatabaseOptions } from '@/lib/db/postgres/database';
import type { IdentityDirectory } from '../types';
import { PostgresAccounts } from './accounts';
import { PostgresAuditLog } from './audit';
import { PostgresModerators } from './moderators';
import { PostgresPasskeyStore, PostgresTotpStore } from './second-factors';
import { PostgresAccountTokens } from './tokens';

/**
 * The identity directory in PostgreSQL (migration 0010), shared by every instance. Reads and writes go to the
 * primary only: a sign-in right after a sign-up, or a membership change, must be seen at once on any instance.
 */
export class PostgresIdentityDirectory implements IdentityDirectory {
  readonly audit: PostgresAuditLog;
  readonly accounts: PostgresAccounts;
  readonly tokens: PostgresAccountTokens;
  readonly totp: PostgresTotpStore;
  readonly passkeys: PostgresPasskeyStore;
  readonly moderators: PostgresModerators;

  private constructor(
    private readonly cluster: PgCluster,
    private readonly release: () => Promise<void>,
  ) {
    this.audit = new PostgresAuditLog(cluster);
    this.accounts = new PostgresAccounts(cluster, this.audit);
    this.tokens = new PostgresAccountTokens(cluster);
    this.totp = new PostgresTotpStore(cluster);
    this.passkeys = new PostgresPasskeyStore(cluster);
    this.moderators = new PostgresModerators(cluster);
  }

  static async open(options: DatabaseOptions): Promise<PostgresIdentityDirectory> {
    const { cluster, release } = await openDatabase(options);
    return new PostgresIdentityDirectory(cluster, release);
  }

  exclusively<T>(name: string, fn: () => Promise<T>): Promise<T> {
    return withAdvisoryLock(this.cluster.primary, `trip-explorer:identity:${name}`, fn);
  }

  describe(): string {
    return `PostgreSQL ${this.cluster.primaryLabel}`;
  }

  ready(): boolean {
    return this.cluster.health().primary === true;
  }

  close(): Promise<void> {
    return this.release();
  }
}
