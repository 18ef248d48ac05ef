import { logger } from '@/lib/core/logger';
import { publish, unpublish } from '@/lib/core/registry';
import { PLACE_OWNERS, type PlaceOwnerLookup } from '@/lib/reviews/place-owner';
import type { ServerContext, Subsystem } from '@/lib/server/subsystem';
import { openOwnerStore } from './store';
import { OWNERS_STORE } from './store-registry';

/**
 * Opens the owner store (claims, owners, the listings' history) for the Explorer's route handlers, and tells the
 * reviews who owns a place; serves no path of its own.
 */
export async function createOwnersSubsystem(ctx: ServerContext): Promise<Subsystem> {
  const store = await openOwnerStore(ctx.config, ctx.dataDir);
  logger.info('owner store', { store: store.describe() });
  publish(OWNERS_STORE, store);
  const ownerOf: PlaceOwnerLookup = async (placeId) => {
    const owned = await store.ownership(placeId);
    return owned && { organizationId: owned.organizationId, organizationName: owned.organizationName };
  };
  publish(PLACE_OWNERS, ownerOf);
  return {
    name: 'owners',
    handle: () => false,
    ready: () => true,
    async close() {
      unpublish(PLACE_OWNERS);
      unpublish(OWNERS_STORE);
      await store.close();
    },
  };
}
