import { PgCluster } from '@/lib/db/postgres/cluster';
import { migrate, waitForDatabase } from '@/lib/db/postgres/migrate';
import type { SecretBox } from '@/lib/core/secret-box';
import type { ProviderStore } from '../types';
import { PostgresClients } from './clients';
import { postgresSigningKeys } from './keys';
import { postgresProviderModels } from './models';

export interface PostgresProviderStoreOptions {
  url: string;
  poolSize: number;
  waitMs?: number;
}

/** The provider state in PostgreSQL (migration 0009), on the primary only: every instance reads what another just wrote. */
export async function openPostgresProviderStore(options: PostgresProviderStoreOptions, box: SecretBox): Promise<ProviderStore> {
  await waitForDatabase(options.url, options.waitMs ?? 30_000);
  await migrate(options.url);
  const cluster = new PgCluster({ primaryUrl: options.url, replicaUrls: [], maxReplicaLagMs: 0, poolSize: options.poolSize, name: 'trip-explorer identity' });
  try {
    await cluster.start();
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
      close: () => cluster.close(),
    };
  } catch (err) {
    await cluster.close();
    throw err;
  }
}
