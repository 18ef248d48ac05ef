import { logger } from '@/lib/core/logger';
import { publish, unpublish } from '@/lib/core/registry';
import type { ServerContext, Subsystem } from '@/lib/server/subsystem';
import { publishedRoadStore } from '@/lib/roads/published-store';
import { NetworkTiles } from './network/network-tiles';
import { NETWORK_TILES, TILE_STORE } from './published';
import { serveMap } from './serve-map';
import { openTileStore } from './store';

/** Serves the imported map's tiles (or the road network's) and their style, and tells the pages whether there is one. */
export async function createMapSubsystem(ctx: ServerContext): Promise<Subsystem> {
  const store = await openTileStore(ctx.config);
  const info = await store.info().catch(async (err) => {
    await store.close();
    throw err;
  });
  logger.info('map tiles', { store: store.describe(), map: info ? `${info.source} (${info.tileCount} tiles)` : null });
  const network = new NetworkTiles(publishedRoadStore);
  publish(TILE_STORE, store);
  publish(NETWORK_TILES, network);
  // Without a map, the road network is cut in the background now rather than at the first page's style request.
  if (!info) void network.current().catch((err) => logger.error('road network tiles', { error: String(err) }));
  return {
    name: 'map',
    handle: (req, res, url) => serveMap(store, network, req, res, url),
    ready: () => true,
    async close() {
      unpublish(TILE_STORE);
      unpublish(NETWORK_TILES);
      await store.close();
    },
  };
}
