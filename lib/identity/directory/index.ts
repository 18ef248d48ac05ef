import type { AppConfig } from '@/lib/config/env';
import { databaseOptions } from '@/lib/db/postgres/database';
import type { DataDir } from '@/lib/core/data-dir';
import { IDENTITY_DB_FILE } from '../store';
import type { IdentityDirectory } from './types';

/**
 * Opens the identity directory once at start-up (the server, the command-line tools), as the trip store picks its
 * engine: PostgreSQL when DATABASE_URL is set (migration 0010), otherwise `identity.sqlite` in the data directory.
 */
export async function openIdentityDirectory(config: Pick<AppConfig, 'database'>, dataDir: Pick<DataDir, 'file'>): Promise<IdentityDirectory> {
  if (config.database) {
    const { PostgresIdentityDirectory } = await import('./postgres/directory');
    return PostgresIdentityDirectory.open(databaseOptions(config.database));
  }
  const { SqliteIdentityDirectory } = await import('./sqlite/directory');
  return SqliteIdentityDirectory.open(dataDir.file(IDENTITY_DB_FILE));
}
