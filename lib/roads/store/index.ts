import type { AppConfig } from '@/lib/config/env';
import type { DataDir } from '@/lib/core/data-dir';
import { databaseOptions } from '@/lib/db/postgres/database';
import type { RoadRouter } from '../router/types';
import type { RoadStore } from './types';

export const ROADS_FILE = 'roads.sqlite';
/** The embedded router's contraction hierarchy of the current network, beside it (lib/roads/router/ch/prepared.ts). */
export const ROADS_HIERARCHY_FILE = 'roads-hierarchy.bin';

/**
 * Picks the road store's engine once at start-up, as the place and trip stores do: PostgreSQL when DATABASE_URL is
 * set (the same database, migration 0014), otherwise a SQLite file in the data directory.
 */
export async function openRoadStore(config: Pick<AppConfig, 'database'>, dataDir: Pick<DataDir, 'file'>): Promise<RoadStore> {
  if (config.database) {
    const { PostgresRoadStore } = await import('./postgres/store');
    return PostgresRoadStore.open(databaseOptions(config.database));
  }
  const { SqliteRoadStore } = await import('./sqlite/store');
  return SqliteRoadStore.open(dataDir.file(ROADS_FILE));
}

/**
 * The router for the store's engine: pgRouting in the database for PostgreSQL, an in-process graph for SQLite (with
 * its hierarchy kept in the data directory).
 */
export async function openRoadRouter(store: RoadStore, dataDir: Pick<DataDir, 'file'>): Promise<RoadRouter> {
  const { PostgresRoadStore } = await import('./postgres/store');
  if (store instanceof PostgresRoadStore) {
    const { PgRoutingRouter } = await import('../router/pgrouting/router');
    return new PgRoutingRouter(store);
  }
  const { GraphRouter } = await import('../router/graph-router');
  return new GraphRouter(store, { hierarchyFile: dataDir.file(ROADS_HIERARCHY_FILE) });
}
