import { lookup } from '@/lib/core/registry';
import type { NetworkTiles } from './network/network-tiles';
import { STYLE_PATH } from './paths';
import type { TileStore } from './store/types';

export const TILE_STORE = 'map.tiles';
export const NETWORK_TILES = 'map.network-tiles';

/**
 * The style the pages give their maps: MAP_STYLE_URL when the operator set one, else ours (/map/style.json) over
 * the imported map or, without one, over the road network's lines; null with neither (the offline basemap drawn in
 * the browser).
 */
export async function pageMapStyleUrl(configured: string | null): Promise<string | null> {
  if (configured) return configured;
  const store = lookup<TileStore>(TILE_STORE);
  // A store that cannot say (a database away for a moment) leaves the page on the offline basemap, not failing.
  const info = await store?.info().catch(() => null);
  if (info) return STYLE_PATH;
  const drawn = await lookup<NetworkTiles>(NETWORK_TILES)?.drawable().catch(() => false);
  return drawn ? STYLE_PATH : null;
}
