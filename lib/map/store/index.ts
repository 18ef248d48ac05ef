import path from 'node:path';
import type { AppConfig } from '@/lib/config/env';
import { databaseOptions } from '@/lib/db/postgres/database';
import type { TileStore } from './types';

export const MAP_FILE = 'map.mbtiles';

/**
 * Picks the tile store's engine once at start-up, as the other stores do: PostgreSQL when DATABASE_URL is set (every
 * instance reads the same tiles), otherwise the MBTiles file in the data directory.
 */
export async function openTileStore(config: Pick<AppConfig, 'database' | 'dataDir'>): Promise<TileStore> {
  if (config.database) {
    const { PostgresTileStore } = await import('./postgres/store');
    return PostgresTileStore.open(databaseOptions(config.database));
  }
  const { SqliteTileStore } = await import('./sqlite/store');
  return new SqliteTileStore(path.join(config.dataDir, MAP_FILE));
}
