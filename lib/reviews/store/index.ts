import type { AppConfig } from '@/lib/config/env';
import type { DataDir } from '@/lib/core/data-dir';
import { databaseOptions } from '@/lib/db/postgres/database';
import type { ReviewStore } from './types';

export const REVIEWS_FILE = 'reviews.sqlite';

/**
 * Picks the review store's engine once at start-up, as the other stores do: PostgreSQL when DATABASE_URL is set
 * (migration 0018), otherwise a SQLite file in the data directory.
 */
export async function openReviewStore(config: Pick<AppConfig, 'database'>, dataDir: Pick<DataDir, 'file'>): Promise<ReviewStore> {
  if (config.database) {
    const { PostgresReviewStore } = await import('./postgres/store');
    return PostgresReviewStore.open(databaseOptions(config.database));
  }
  const { SqliteReviewStore } = await import('./sqlite/store');
  return SqliteReviewStore.open(dataDir.file(REVIEWS_FILE));
}
