import { logger } from '@/lib/core/logger';
import { publish, unpublish } from '@/lib/core/registry';
import type { ServerContext, Subsystem } from '@/lib/server/subsystem';
import { openOwnerStore } from './store';
import { OWNERS_STORE } from './store-registry';

/** Opens the owner store (claims, owners, the listings' history) for the Explorer's route handlers; serves no path of its own. */
export async function createOwnersSubsystem(ctx: ServerContext): Promise<Subsystem> {
  const store = await openOwnerStore(ctx.config, ctx.dataDir);
  logger.info('owner store', { store: store.describe() });
  publish(OWNERS_STORE, store);
  return {
    name: 'owners',
    handle: () => false,
    ready: () => true,
    async close() {
      unpublish(OWNERS_STORE);
      await store.close();
    },
  };
}
