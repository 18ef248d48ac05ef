import type { DataDir } from '@/lib/server/data-dir';
import { IDENTITY_DB_FILE } from '../store';
import type { IdentityDirectory } from './types';

/**
 * Opens the identity directory once at start-up (the server, the command-line tools): a SQLite file in the data
 * directory, the default.
 */
export async function openIdentityDirectory(dataDir: Pick<DataDir, 'file'>): Promise<IdentityDirectory> {
  const { SqliteIdentityDirectory } = await import('./sqlite/directory');
  return SqliteIdentityDirectory.open(dataDir.file(IDENTITY_DB_FILE));
}
