import type { StyleSpecification } from 'maplibre-gl';
import { describe, expect, it } from 'vitest';
import { AVERAGE_TILE_BYTES, importedMapStyle } from '@/lib/map/imported-style';
import { networkMapStyle } from '@/lib/map/network/network-style';
import type { NetworkTileSet } from '@/lib/map/network/network-tiles';
import type { TileSetInfo } from '@/lib/map/store/types';
import { KEPT_MAP_LIMIT_BYTES, planKeptMap } from '@/lib/offline/kept-map';
import { offlineBasemapStyle } from '@/lib/explorer/basemap-style';
import type { Leg } from '@/lib/trips/legs/types';

const info = (averageTileBytes: Record<string, number>): TileSetInfo => ({
  version: 'v1',
  name: 'Colorado',
  source: 'colorado-latest.osm.pbf',
  minzoom: 0,
  maxzoom: 14,
  bounds: [-109.06, 36.99, -102.04, 41.0],
  importedAt: '2026-12-02T00:00:00.000Z',
  tileCount: 1000,
  layers: ['transportation'],
  averageTileBytes,
});

const leg = (geometry: [number, number][]) => ({ geometry }) as unknown as Leg;
// Denver to Glenwood Springs on I-70, about 250 km.
const i70 = [leg([[-104.99, 39.74], [-105.78, 39.68], [-106.38, 39.63], [-107.32, 39.55]])];
const everyZoom = (bytes: number) => Object.fromEntries(Array.from({ length: 15 }, (_, z) => [String(z), bytes]));

describe('the map a kept trip keeps', () => {
  it('is the tiles along the route at zooms 5 to 14, under the style’s own URLs, with their estimated size', () => {
    const plan = planKeptMap(i70, importedMapStyle(info(everyZoom(20_000))))!;
    expect(plan.maxZoom).toBe(14);
    expect(plan.cutByLimit).toBe(false);
    expect(plan.tileUrls.every((u) => /^\/tiles\/([5-9]|1[0-4])\/\d+\/\d+\.pbf\?v=v1$/.test(u))).toBe(true);
    expect(new Set(plan.tileUrls.map((u) => u.split('/')[2]))).toEqual(new Set(['5', '6', '7', '8', '9', '10', '11', '12', '13', '14']));
    expect(plan.estimatedBytes).toBe(plan.tileUrls.length * 20_000);
    expect(plan.limitBytes).toBe(KEPT_MAP_LIMIT_BYTES);
  });

  it('leaves out the closest zooms when the whole would pass the limit', () => {
    const heavy = planKeptMap(i70, importedMapStyle(info(everyZoom(400_000))))!;
    expect(heavy.maxZoom).toBeLessThan(14);
    expect(heavy.cutByLimit).toBe(true);
    expect(heavy.estimatedBytes).toBeLessThanOrEqual(KEPT_MAP_LIMIT_BYTES);
    expect(heavy.tileUrls.some((u) => u.startsWith(`/tiles/${heavy.maxZoom}/`))).toBe(true);
    expect(heavy.tileUrls.some((u) => u.startsWith(`/tiles/${heavy.maxZoom + 1}/`))).toBe(false);
  });

  it('keeps the road network’s tiles, zooms 5 to 12, when the map draws the network instead of an imported map', () => {
    const network = { id: 3, name: 'Demo roads (generated)', source: 'Generated', importedAt: '2026-12-02T00:00:00.000Z', generated: true, nodeCount: 2, edgeCount: 1, unreadable: {} };
    const set = { network, version: '3-x', bounds: [-125, 24, -66, 49], averageTileBytes: everyZoom(3_000), tile: () => null } as NetworkTileSet;
    const plan = planKeptMap(i70, networkMapStyle(set))!;
    expect(plan.maxZoom).toBe(12);
    // The network stops at 12: nothing was left out for the limit.
    expect(plan.cutByLimit).toBe(false);
    expect(plan.tileUrls.every((u) => /^\/map\/roads\/([5-9]|1[0-2])\/\d+\/\d+\.pbf\?v=3-x$/.test(u))).toBe(true);
    expect(plan.estimatedBytes).toBe(plan.tileUrls.length * 3_000);
  });

  it('keeps nothing of a style that is neither an imported map’s nor the road network’s', () => {
    expect(planKeptMap(i70, offlineBasemapStyle(''))).toBeNull();
    const noStats = importedMapStyle(info({}));
    (noStats.metadata as Record<string, unknown>)[AVERAGE_TILE_BYTES] = undefined;
    expect(planKeptMap(i70, noStats as StyleSpecification)!.estimatedBytes).toBe(0);
  });
});
