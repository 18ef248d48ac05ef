import { lookup } from '@/lib/core/registry';
import { STYLE_PATH } from './paths';
import type { TileStore } from './store/types';

export const TILE_STORE = 'map.tiles';

/**
 * The style the pages give their maps: MAP_STYLE_URL when the operator set one, else the imported map's
 * (/map/style.json) once a map has been imported, else null (the offline basemap drawn in the browser).
 */
export async function pageMapStyleUrl(configured: string | null): Promise<string | null> {
  if (configured) return configured;
  const store = lookup<TileStore>(TILE_STORE);
  // A store that cannot say (a database away for a moment) leaves the page on the offline basemap, not failing.
  const info = await store?.info().catch(() => null);
  return info ? STYLE_PATH : null;
}
