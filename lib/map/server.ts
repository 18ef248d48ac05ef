import { logger } from '@/lib/core/logger';
import { publish, unpublish } from '@/lib/core/registry';
import type { ServerContext, Subsystem } from '@/lib/server/subsystem';
import { TILE_STORE } from './published';
import { serveMap } from './serve-map';
import { openTileStore } from './store';

/** Serves the imported map's tiles and style, and tells the pages whether there is one. */
export async function createMapSubsystem(ctx: ServerContext): Promise<Subsystem> {
  const store = await openTileStore(ctx.config);
  const info = await store.info().catch(async (err) => {
    await store.close();
    throw err;
  });
  logger.info('map tiles', { store: store.describe(), map: info ? `${info.source} (${info.tileCount} tiles)` : null });
  publish(TILE_STORE, store);
  return {
    name: 'map',
    handle: (req, res, url) => serveMap(store, req, res, url),
    ready: () => true,
    async close() {
      unpublish(TILE_STORE);
      await store.close();
    },
  };
}
