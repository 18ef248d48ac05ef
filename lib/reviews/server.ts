import { logger } from '@/lib/core/logger';
import { publish, unpublish } from '@/lib/core/registry';
import { TRAVELER_CONTENT } from '@/lib/places/traveler-content';
import type { ServerContext, Subsystem } from '@/lib/server/subsystem';
import { openReviewStore } from './store';
import { REVIEWS_STORE } from './store-registry';
import { storeTravelerContent } from './traveler-content';

/**
 * Opens the review store and hands it to the Explorer's route handlers and to the Place API, which merges travelers'
 * reviews into its answers; serves no path of its own. Nothing is seeded: the demo's reviews are the dataset's.
 */
export async function createReviewsSubsystem(ctx: ServerContext): Promise<Subsystem> {
  const store = await openReviewStore(ctx.config, ctx.dataDir);
  logger.info('review store', { store: store.describe() });
  publish(REVIEWS_STORE, store);
  publish(TRAVELER_CONTENT, storeTravelerContent(store, ctx.config.publicUrl));
  return {
    name: 'reviews',
    handle: () => false,
    ready: () => true,
    async close() {
      unpublish(TRAVELER_CONTENT);
      unpublish(REVIEWS_STORE);
      await store.close();
    },
  };
}
