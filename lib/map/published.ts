import { lookup } from '@/lib/core/registry';
import type { NetworkTiles } from './network/network-tiles';
import { roadsCredit, type RoadsCredit } from './network/roads-credit';
import { STYLE_PATH } from './paths';
import type { TileStore } from './store/types';

export const TILE_STORE = 'map.tiles';
export const NETWORK_TILES = 'map.network-tiles';

/** What the page credits under a map of ours, beside the offline basemap's own sources. */
export interface MapCredit {
  /** The imported map's tiles: "© OpenMapTiles © OpenStreetMap contributors". */
  openMapTiles: boolean;
  /** The road network drawn without an imported map: generated (said so), OpenStreetMap's, or another source's name. */
  roads: RoadsCredit | null;
}

export interface PageMap {
  styleUrl: string | null;
  /** Null when the style is the operator's (MAP_STYLE_URL), which carries its own attribution. */
  credit: MapCredit | null;
}

/**
 * The map the pages draw: MAP_STYLE_URL when the operator set one, else ours (/map/style.json) over the imported map
 * or, without one, over the road network's lines; with neither, null (the offline basemap drawn in the browser).
 */
export async function pageMap(configured: string | null): Promise<PageMap> {
  if (configured) return { styleUrl: configured, credit: null };
  const store = lookup<TileStore>(TILE_STORE);
  // A store that cannot say (a database away for a moment) leaves the page on the offline basemap, not failing.
  const info = await store?.info().catch(() => null);
  if (info) return { styleUrl: STYLE_PATH, credit: { openMapTiles: true, roads: null } };
  const network = await lookup<NetworkTiles>(NETWORK_TILES)?.drawableNetwork().catch(() => null);
  if (!network) return { styleUrl: null, credit: { openMapTiles: false, roads: null } };
  return { styleUrl: STYLE_PATH, credit: { openMapTiles: false, roads: roadsCredit(network) } };
}

/** The style URL alone, for pages whose map credits its style itself (the trips'). */
export async function pageMapStyleUrl(configured: string | null): Promise<string | null> {
  return (await pageMap(configured)).styleUrl;
}
