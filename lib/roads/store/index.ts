import type { DataDir } from '@/lib/core/data-dir';
import type { RoadStore } from './types';

export const ROADS_FILE = 'roads.sqlite';

/** The road store: SQLite in the data directory (a PostgreSQL engine with pgRouting comes with DATABASE_URL later). */
export async function openRoadStore(dataDir: Pick<DataDir, 'file'>): Promise<RoadStore> {
  const { SqliteRoadStore } = await import('./sqlite/store');
  return SqliteRoadStore.open(dataDir.file(ROADS_FILE));
}
