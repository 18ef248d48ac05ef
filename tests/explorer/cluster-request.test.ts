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

  it('leaves out the single places the page already marks, so each place is drawn once; bubbles of several stay', () => {
    const cell = (west: number, south: number, size: number, count: number) => ({
      longitude: west + size / 2,
      latitude: south + size / 2,
      count,
      bounds: { west, south, east: Number((west + size).toFixed(6)), north: Number((south + size).toFixed(6)) },
    });
    const response = {
      data: {
        clusters: [cell(-105.1, 39.7, 0.1, 1), cell(-105, 39.7, 0.1, 1), cell(-104.02, 39.7, 0.02, 1), cell(-106, 39, 0.1, 3)],
        places: [
          { id: 1, longitude: -104.5, latitude: 39.5, name: 'On the page' },
          { id: 2, longitude: -104.4, latitude: 39.5, name: 'Elsewhere' },
        ],
      },
      meta: { total: 8, zoom: 9 },
    };
    const page = [
      { id: 1, longitude: -104.5, latitude: 39.5 },
      // On the edge between the first two cells: in the second one only, as the Place API counts it.
      { id: 3, longitude: -105, latitude: 39.75 },
      // In the fine cell, and in the bubble of three (kept: which of its three is marked is not known).
      { id: 4, longitude: -104.01, latitude: 39.71 },
      { id: 5, longitude: -105.95, latitude: 39.05 },
    ];
    const kept = clusterFeatures(response, page).features.map((f) => f.properties);
    expect(kept).toEqual([
      { kind: 'cluster', count: 1, label: '1', west: -105.1, south: 39.7, east: -105, north: 39.8 },
      { kind: 'cluster', count: 3, label: '3', west: -106, south: 39, east: -105.9, north: 39.1 },
      { kind: 'place', id: 2, name: 'Elsewhere' },
    ]);
    expect(clusterFeatures(response).features).toHaveLength(6);
    // The page holds every match of the search: its markers draw them all, bubbles included.
    expect(clusterFeatures(response, page, 4).features).toEqual([]);
    expect(clusterFeatures(response, page, 8).features).toHaveLength(3);
  });
});
