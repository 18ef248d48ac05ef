import { describe, expect, it } from 'vitest';
import { abbreviateCount, clusterFeatures } from '@/lib/explorer/cluster-features';
import { clusterRequestParams, viewportOf } from '@/lib/explorer/cluster-request';

describe('the clusters call of the Explorer', () => {
  it('takes the map view as the API does: wrapped longitudes, the whole world when wider, the API’s zoom (256-pixel tiles, whole)', () => {
    expect(viewportOf({ west: -130.123456, south: 20, east: -60, north: 55 }, 3.7)).toEqual({ bbox: { west: -130.1235, south: 20, east: -60, north: 55 }, zoom: 4 });
    expect(viewportOf({ west: 170, south: -30, east: 200, north: -10 }, 4).bbox).toEqual({ west: 170, south: -30, east: -160, north: -10 });
    expect(viewportOf({ west: -250, south: -89, east: 250, north: 89 }, 0.5).bbox).toEqual({ west: -180, south: -85, east: 180, north: 85 });
    expect(viewportOf({ west: 10, south: 0, east: 180, north: 5 }, 4).bbox.east).toBe(180);
  });

  it('sends the search without its page and order, with the viewport', () => {
    const search = new URLSearchParams('center=-98,39&radius=150000&tags=restaurants&sort=distance&limit=20&offset=40');
    const p = clusterRequestParams(search, { bbox: { west: -110, south: 30, east: -86, north: 48 }, zoom: 5 })!;
    expect(Object.fromEntries(p)).toEqual({ bbox: '-110,30,-86,48', center: '-98,39', radius: '150000', tags: 'restaurants', zoom: '5' });
    expect(clusterRequestParams(null, { bbox: { west: 0, south: 0, east: 1, north: 1 }, zoom: 1 })).toBeNull();
  });

  it('draws bubbles with short counts and single places', () => {
    expect([5, 999, 1234, 12_345, 1_234_567].map(abbreviateCount)).toEqual(['5', '999', '1.2k', '12k', '1.2M']);
    const features = clusterFeatures({
      data: { clusters: [{ longitude: 1, latitude: 2, count: 1500, bounds: { west: 0, south: 1, east: 2, north: 3 } }], places: [{ id: 7, longitude: 5, latitude: 6, name: 'A' }] },
      meta: { total: 1501, zoom: 4 },
    }).features;
    expect(features.map((f) => f.properties)).toEqual([
      { kind: 'cluster', count: 1500, label: '1.5k', west: 0, south: 1, east: 2, north: 3 },
      { kind: 'place', id: 7, name: 'A' },
    ]);
  });
});
