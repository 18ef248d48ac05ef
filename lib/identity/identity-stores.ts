import type { ServerContext } from '@/lib/server/subsystem';
import { logger } from '@/lib/core/logger';
import { SecretBox } from '@/lib/core/secret-box';
import { seedDemo } from './demo-seed';
import { openIdentityDirectory } from './directory';
import type { IdentityDirectory } from './directory/types';
import { openProviderStore, type ProviderStore } from './provider-store';

/** The identity server's stores, opened (and, in a demo, seeded) once at start-up. */
export interface IdentityStores {
  /** Accounts, organizations, second factors and the account tokens. */
  directory: IdentityDirectory;
  /** oidc-provider's models, the OpenID clients and the signing keys. */
  providerStore: ProviderStore;
}

export async function openIdentityStores({ config, dataDir, secrets }: ServerContext): Promise<IdentityStores> {
  const directory = await openIdentityDirectory(config, dataDir);
  logger.info(`identity directory: ${directory.describe()}`);
  // oidc-provider's models, the OpenID clients and the signing keys: PostgreSQL with DATABASE_URL, else this file.
  const providerStore = await openProviderStore(config, dataDir, new SecretBox(secrets.encryptionKeys));
  logger.info('identity provider state', { engine: providerStore.engine });
  // On a shared database the first instance seeds and the others, waiting for the lock, find the seed.
  const { accounts } = directory;
  if (config.demo) await directory.exclusively('demo-seed', async () => (await accounts.isEmpty()) && seedDemo(directory, providerStore.clients, config.publicUrl, dataDir));
  return { directory, providerStore };
}
