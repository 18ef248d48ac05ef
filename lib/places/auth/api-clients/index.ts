import type { AppConfig } from '@/lib/config/env';
import { databaseOptions } from '@/lib/db/postgres/database';
import type { DataDir } from '@/lib/core/data-dir';
import type { SecretBox } from '@/lib/core/secret-box';
import { CLIENTS_FILE } from '../client-store';
import { sqliteApiClients } from './sqlite';
import type { ApiClients } from './types';

export type { ApiClients };

/**
 * Picks where the Place API clients live, once at start-up: PostgreSQL when DATABASE_URL is set (shared by every
 * instance, read through a short in-process cache), otherwise the SQLite file under DATA_DIR.
 */
export async function openApiClients(config: Pick<AppConfig, 'database'>, dataDir: Pick<DataDir, 'file'>, box: SecretBox): Promise<ApiClients> {
  if (config.database) {
    const { PostgresApiClients } = await import('./postgres');
    return PostgresApiClients.open(databaseOptions(config.database), box);
  }
  return sqliteApiClients(dataDir.file(CLIENTS_FILE), box);
}
