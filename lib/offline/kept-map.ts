import type { StyleSpecification, VectorSourceSpecification } from 'maplibre-gl';
import { corridorTiles } from '@/lib/map/corridor-tiles';
import { AVERAGE_TILE_BYTES, MAP_SOURCE } from '@/lib/map/imported-style';
import { NETWORK_SOURCE } from '@/lib/map/sources';
import type { Leg } from '@/lib/trips/legs/types';

export const KEPT_MAP_CACHE = 'kept-map';

/** The zooms kept along a route: the whole region (5) to the streets of a town (14, the deepest the map has). */
export const KEPT_ZOOMS = { min: 5, max: 14 } as const;
/** How far either side of the route the map is kept: the streets of a town the route crosses, a detour's start. */
export const KEPT_BUFFER_METERS = 1500;
/** The most map one kept trip takes on the device; past it the deepest zooms are left out. */
export const KEPT_MAP_LIMIT_BYTES = 60 * 1024 * 1024;
/** Tiles asked for at once while keeping. */
const PARALLEL = 6;

export interface KeptMapPlan {
  tileUrls: string[];
  /** The deepest zoom kept. */
  maxZoom: number;
  /** Whether the limit left out zooms the map has (rather than the map stopping there, as the road network's at 12). */
  cutByLimit: boolean;
  /** The bytes the tiles should take on the device, from the map's average unpacked tile size at each zoom. */
  estimatedBytes: number;
  limitBytes: number;
}

/** The route's lines: the legs' road geometry, or the straight line between their ends. */
function routeLines(legs: Leg[]): [number, number][][] {
  return legs.map((leg) => leg.geometry.map(([lon, lat]) => [lon, lat] as [number, number])).filter((line) => line.length > 0);
}

/**
 * The map tiles a trip keeps offline: the corridor along its legs at the zooms a traveler uses on the road, within the
 * map's bounds, the deepest zooms left out until the estimate fits the limit; from the imported map or, without one,
 * the road network's tiles. Null when the style is neither (nothing of ours to keep).
 */
export function planKeptMap(legs: Leg[], style: StyleSpecification): KeptMapPlan | null {
  const source = (style.sources?.[MAP_SOURCE] ?? style.sources?.[NETWORK_SOURCE]) as VectorSourceSpecification | undefined;
  if (!source?.tiles?.length) return null;
  const average = ((style.metadata as Record<string, unknown> | undefined)?.[AVERAGE_TILE_BYTES] ?? {}) as Record<string, number>;
  const minZoom = Math.max(KEPT_ZOOMS.min, source.minzoom ?? 0);
  const lines = routeLines(legs);
  const bounds = source.bounds as [number, number, number, number] | undefined;
  const deepest = Math.min(KEPT_ZOOMS.max, source.maxzoom ?? KEPT_ZOOMS.max);
  for (let maxZoom = deepest; maxZoom >= minZoom; maxZoom--) {
    const tiles = corridorTiles(lines, { minZoom, maxZoom, bufferMeters: KEPT_BUFFER_METERS, bounds });
    const estimatedBytes = tiles.reduce((sum, t) => sum + (average[String(t.z)] ?? 0), 0);
    if (estimatedBytes <= KEPT_MAP_LIMIT_BYTES || maxZoom === minZoom) {
      // The very URLs the map asks for (the style's template), so that the service worker finds them offline.
      const template = source.tiles[0];
      const tileUrls = tiles.map((t) => template.replace('{z}', String(t.z)).replace('{x}', String(t.x)).replace('{y}', String(t.y)));
      return { tileUrls, maxZoom, cutByLimit: maxZoom < deepest, estimatedBytes, limitBytes: KEPT_MAP_LIMIT_BYTES };
    }
  }
  return null;
}

/** Puts the style and the planned tiles in the cache the service worker answers the map from offline; answers the bytes kept. */
export async function keepMap(styleUrl: string, plan: KeptMapPlan): Promise<number> {
  const cache = await caches.open(KEPT_MAP_CACHE);
  let bytes = 0;
  const keep = async (url: string) => {
    const response = await fetch(url);
    // An empty tile (204) is kept too: offline, it is still empty rather than missing.
    if (!response.ok) return;
    bytes += (await response.clone().blob()).size;
    await cache.put(url, response);
  };
  await keep(styleUrl);
  let next = 0;
  await Promise.all(
    Array.from({ length: PARALLEL }, async () => {
      while (next < plan.tileUrls.length) await keep(plan.tileUrls[next++]);
    }),
  );
  return bytes;
}

/** Removes the tiles (and the style) no other kept trip uses. */
export async function dropMap(urls: string[], stillUsed: Set<string>): Promise<void> {
  const cache = await caches.open(KEPT_MAP_CACHE);
  await Promise.all(urls.filter((u) => !stillUsed.has(u)).map((u) => cache.delete(u)));
}
