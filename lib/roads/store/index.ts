import type { AppConfig } from '@/lib/config/env';
import type { DataDir } from '@/lib/core/data-dir';
import { databaseOptions } from '@/lib/db/postgres/database';
import type { PreparedShelf } from '../router/ch/shelf';
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
 * The router for the store's engine: an in-process graph on every instance, whose prepared graph and contraction
 * hierarchy are kept in the data directory beside SQLite, and in the database on PostgreSQL (prepared once, read by
 * every instance); or, with ROAD_ROUTER=pgrouting, pgRouting in the database.
 */
export async function openRoadRouter(store: RoadStore, config: Pick<AppConfig, 'roadRouter'>, dataDir: Pick<DataDir, 'file'>): Promise<RoadRouter> {
  const shelf = await hierarchyShelfFor(store, config, dataDir.file(ROADS_HIERARCHY_FILE));
  const { PostgresRoadStore } = await import('./postgres/store');
  if (!shelf && store instanceof PostgresRoadStore) {
    const { PgRoutingRouter } = await import('../router/pgrouting/router');
    return new PgRoutingRouter(store);
  }
  const { GraphRouter } = await import('../router/graph-router');
  return new GraphRouter(store, { hierarchyShelf: shelf ?? undefined });
}

/**
 * Where the in-process router keeps what it prepares from the store's network (its graph and hierarchy):
 * `hierarchyFile` and the graph's file beside it next to SQLite, the database on PostgreSQL; null when pgRouting routes
 * instead (ROAD_ROUTER=pgrouting) and nothing is prepared.
 */
export async function hierarchyShelfFor(store: RoadStore, config: Pick<AppConfig, 'roadRouter'>, hierarchyFile: string): Promise<PreparedShelf | null> {
  const { PostgresRoadStore } = await import('./postgres/store');
  if (!(store instanceof PostgresRoadStore)) {
    const { fileShelf } = await import('../router/ch/shelf');
    return fileShelf(hierarchyFile);
  }
  if (config.roadRouter === 'pgrouting') return null;
  const { PostgresPreparedShelf } = await import('../router/ch/postgres-shelf');
  return new PostgresPreparedShelf(store);
}
