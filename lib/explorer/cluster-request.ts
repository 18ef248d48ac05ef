import { MAX_ZOOM } from '@/lib/places/contract/limits';
import type { Box } from './geo';

export interface Viewport {
  bbox: Box;
  zoom: number;
}

const round = (v: number, digits: number) => Number(v.toFixed(digits));
const wrap = (lon: number) => ((((lon + 180) % 360) + 360) % 360) - 180;

/**
 * The map's view as the clusters call takes it: longitudes wrapped into -180..180 (a view wider than the world is the
 * whole world), latitudes within the map's, rounded so small moves share a cache entry. maplibre's zoom counts
 * 512-pixel tiles and the API's 256-pixel ones: the API's zoom is one more, floored (it bins at whole zooms), so its
 * 64-pixel bins are 64 to 128 pixels on screen.
 */
export function viewportOf(bounds: Box, zoom: number): Viewport {
  const whole = bounds.east - bounds.west >= 360;
  const west = whole ? -180 : wrap(bounds.west);
  let east = whole ? 180 : wrap(bounds.east);
  if (!whole && east === -180 && bounds.east > bounds.west) east = 180;
  return {
    bbox: { west: round(west, 4), east: round(east, 4), south: round(Math.max(-85, bounds.south), 4), north: round(Math.min(85, bounds.north), 4) },
    zoom: Math.max(0, Math.min(MAX_ZOOM, Math.floor(zoom) + 1)),
  };
}

/** The /api/places/clusters query: the search's own parameters (without its page and order), the viewport and zoom. */
export function clusterRequestParams(search: URLSearchParams | null, viewport: Viewport | null): URLSearchParams | null {
  if (!search || !viewport) return null;
  const p = new URLSearchParams(search);
  for (const k of ['limit', 'offset', 'sort']) p.delete(k);
  const { west, south, east, north } = viewport.bbox;
  p.set('bbox', `${west},${south},${east},${north}`);
  p.set('zoom', String(viewport.zoom));
  p.sort();
  return p;
}
