import type { AppConfig } from '@/lib/config/env';
import type { DataDir } from '@/lib/core/data-dir';
import { databaseOptions } from '@/lib/db/postgres/database';
import type { OwnerStore } from './types';

export const OWNERS_FILE = 'owners.sqlite';

/** Picks the owner store's engine once at start-up: PostgreSQL when DATABASE_URL is set (migration 0022), otherwise a SQLite file. */
export async function openOwnerStore(config: Pick<AppConfig, 'database'>, dataDir: Pick<DataDir, 'file'>): Promise<OwnerStore> {
  if (config.database) {
    const { PostgresOwnerStore } = await import('./postgres/store');
    return PostgresOwnerStore.open(databaseOptions(config.database));
  }
  const { SqliteOwnerStore } = await import('./sqlite/store');
  return SqliteOwnerStore.open(dataDir.file(OWNERS_FILE));
}
