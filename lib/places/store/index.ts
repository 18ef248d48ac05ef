import type { AppConfig } from '@/lib/config/env';
import { databaseOptions } from '@/lib/db/postgres/database';
import type { DataDir } from '@/lib/core/data-dir';
import type { PlaceStoreAdmin } from './types';

export const PLACES_FILE = 'places.sqlite';

/**
 * The one place that picks the place store's engine, from the configuration, once at start-up: PostgreSQL when
 * DATABASE_URL is set, otherwise the embedded SQLite file in the data directory. Engines load lazily, so a
 * SQLite deployment never loads the PostgreSQL driver.
 */
export async function openPlaceStore(config: Pick<AppConfig, 'database'>, dataDir: Pick<DataDir, 'file'>): Promise<PlaceStoreAdmin> {
  if (config.database) {
    const { PostgresPlaceStore } = await import('./postgres/store');
    return PostgresPlaceStore.open({ ...databaseOptions(config.database), memoryColumns: config.database.memoryColumns });
  }
  const { SqlitePlaceStore } = await import('./sqlite/store');
  return SqlitePlaceStore.open(dataDir.file(PLACES_FILE));
}
