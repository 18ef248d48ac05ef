import { logger } from '@/lib/core/logger';
import { publish, unpublish } from '@/lib/core/registry';
import type { ServerContext, Subsystem } from '@/lib/server/subsystem';
import { seedDemoRoads } from './demo/demo-roads';
import { ROAD_ROUTER } from './published-router';
import { ROAD_STORE } from './published-store';
import { openRoadRouter, openRoadStore } from './store';

/**
 * Opens the road network (generating the demo roads first, in demo mode, when none has been imported) and hands its
 * router to the trips; serves no path of its own. An in-process router builds its graph in the background after start.
 */
export async function createRoadsSubsystem(ctx: ServerContext): Promise<Subsystem> {
  const store = await openRoadStore(ctx.config, ctx.dataDir);
  try {
    if (ctx.config.roadsDemo) {
      const started = Date.now();
      const seeded = await seedDemoRoads(store);
      if (seeded) logger.info('seeded demo roads', { edges: seeded.network.edgeCount, ms: Date.now() - started });
    }
    const network = await store.current();
    logger.info('road store', { store: store.describe(), network: network?.name ?? null });
  } catch (err) {
    await store.close();
    throw err;
  }
  const router = await openRoadRouter(store, ctx.config, ctx.dataDir);
  publish(ROAD_ROUTER, router);
  publish(ROAD_STORE, store);
  router.warm?.().catch((err) => logger.error('road graph', { error: String(err) }));
  return {
    name: 'roads',
    handle: () => false,
    ready: () => true,
    async close() {
      unpublish(ROAD_ROUTER);
      unpublish(ROAD_STORE);
      await router.close();
      await store.close();
    },
  };
}
