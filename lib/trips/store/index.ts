import type { AppConfig } from '@/lib/config/env';
import { databaseOptions } from '@/lib/db/postgres/database';
import type { DataDir } from '@/lib/core/data-dir';
import type { TripStore } from './types';

export const TRIPS_FILE = 'trips.sqlite';

/**
 * Picks the trip store's engine once at start-up, as the place store does: PostgreSQL when DATABASE_URL is set
 * (the same database as the places, migration 0006), otherwise a SQLite file in the data directory.
 */
export async function openTripStore(config: Pick<AppConfig, 'database'>, dataDir: Pick<DataDir, 'file'>): Promise<TripStore> {
  if (config.database) {
    const { PostgresTripStore } = await import('./postgres/store');
    return PostgresTripStore.open(databaseOptions(config.database));
  }
  const { SqliteTripStore } = await import('./sqlite/store');
  return SqliteTripStore.open(dataDir.file(TRIPS_FILE));
}
