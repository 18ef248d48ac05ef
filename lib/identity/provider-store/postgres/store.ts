import { openDatabase, type DatabaseOptions } from '@/lib/db/postgres/database';
import type { SecretBox } from '@/lib/core/secret-box';
import type { ProviderStore } from '../types';
import { PostgresClients } from './clients';
import { postgresSigningKeys } from './keys';
import { postgresProviderModels } from './models';

/** The provider state in PostgreSQL (migration 0009), on the primary only: every instance reads what another just wrote. */
export async function openPostgresProviderStore(options: DatabaseOptions, box: SecretBox): Promise<ProviderStore> {
  const { cluster, release } = await openDatabase(options);
  try {
    const clients = await PostgresClients.open(cluster.primary, box);
    return {
      engine: 'postgres',
      models: postgresProviderModels(cluster.primary),
      clients,
      keys: postgresSigningKeys(cluster, box),
      health: () => {
        const { primary } = cluster.health();
        return primary === true ? true : `down: postgres ${cluster.primaryLabel}: ${primary}`;
      },
      close: release,
    };
  } catch (err) {
    await release();
    throw err;
  }
}
