import { logger } from '@/lib/core/logger';
import { publish, unpublish } from '@/lib/core/registry';
import type { ServerContext, Subsystem } from '@/lib/server/subsystem';
import { openTripStore } from './store';
import { TRIPS_STORE } from './store-registry';

/** Opens the trip store and hands it to the Explorer's route handlers; serves no path of its own. Nothing is seeded. */
export async function createTripsSubsystem(ctx: ServerContext): Promise<Subsystem> {
  const store = await openTripStore(ctx.config, ctx.dataDir);
  logger.info('trip store', { store: store.describe() });
  publish(TRIPS_STORE, store);
  return {
    name: 'trips',
    handle: () => false,
    ready: () => store.ready(),
    async close() {
      unpublish(TRIPS_STORE);
      await store.close();
    },
  };
}
