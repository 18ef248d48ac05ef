import { withAdvisoryLock } from '@/lib/db/postgres/advisory-lock';
import { PgCluster } from '@/lib/db/postgres/cluster';
import { migrate, waitForDatabase } from '@/lib/db/postgres/migrate';
import type { IdentityDirectory } from '../types';
import { PostgresAccounts } from './accounts';
import { PostgresAuditLog } from './audit';
import { PostgresPasskeyStore, PostgresTotpStore } from './second-factors';
import { PostgresAccountTokens } from './tokens';

export interface PostgresIdentityDirectoryOptions {
  url: string;
  poolSize: number;
  waitMs?: number;
}

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

  private constructor(private readonly cluster: PgCluster) {
    this.audit = new PostgresAuditLog(cluster);
    this.accounts = new PostgresAccounts(cluster, this.audit);
    this.tokens = new PostgresAccountTokens(cluster);
    this.totp = new PostgresTotpStore(cluster);
    this.passkeys = new PostgresPasskeyStore(cluster);
  }

  static async open(options: PostgresIdentityDirectoryOptions): Promise<PostgresIdentityDirectory> {
    await waitForDatabase(options.url, options.waitMs ?? 30_000);
    await migrate(options.url);
    const cluster = new PgCluster({ primaryUrl: options.url, replicaUrls: [], maxReplicaLagMs: 0, poolSize: options.poolSize, name: 'trip-explorer identity' });
    await cluster.start();
    return new PostgresIdentityDirectory(cluster);
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
    return this.cluster.close();
  }
}
