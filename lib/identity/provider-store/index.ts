import type { AppConfig } from '@/lib/config/env';
import { databaseOptions } from '@/lib/db/postgres/database';
import type { SecretBox } from '@/lib/core/secret-box';
import { SIGNING_KEYS_FILE } from '../keys';
import { IDENTITY_DB_FILE, type IdentityDb, openIdentityDb } from '../store';
import { SqliteClients } from './sqlite/clients';
import { fileSigningKeys } from './sqlite/keys';
import { sqliteProviderModels } from './sqlite/models';
import type { ProviderStore } from './types';

export type { ProviderModels, ProviderStore, SigningKeys } from './types';

/** The SQLite engine: the models and clients in the identity file, the keys in a JSON file beside it; `db` is the caller's to close. */
export function sqliteProviderStore(db: IdentityDb, keysFile: string, box: SecretBox): ProviderStore {
  return {
    engine: 'sqlite',
    models: sqliteProviderModels(db),
    clients: new SqliteClients(db, box),
    keys: fileSigningKeys(keysFile),
    health: () => (db.open ? true : 'closed'),
    close: async () => undefined,
  };
}

/**
 * Picks where the identity server's provider state lives (oidc-provider models, OIDC clients, signing keys), once
 * at start-up: PostgreSQL when DATABASE_URL is set (shared by every instance), otherwise the identity SQLite file
 * and the key file under DATA_DIR.
 */
export async function openProviderStore(config: Pick<AppConfig, 'database'>, dataDir: { file(name: string): string }, box: SecretBox): Promise<ProviderStore> {
  if (config.database) {
    const { openPostgresProviderStore } = await import('./postgres/store');
    return openPostgresProviderStore(databaseOptions(config.database), box);
  }
  const { db, release } = openIdentityDb(dataDir.file(IDENTITY_DB_FILE));
  return { ...sqliteProviderStore(db, dataDir.file(SIGNING_KEYS_FILE), box), close: async () => release() };
}
