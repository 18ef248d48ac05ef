import { describe, expect, it } from 'vitest';
import { binMatches, binOf, binsPerSide } from '@/lib/places/clusters/bins';
import { cellOf, COARSE, FINE } from '@/lib/places/store/grid';

describe('cluster bins', () => {
  it('cut the world into 64-pixel bins of 256-pixel tiles, never across ±180', () => {
    expect(binsPerSide(0)).toBe(4);
    expect(binsPerSide(4.9)).toBe(64);
    const side = binsPerSide(3);
    expect(binOf(179.99, 0, side)).not.toBe(binOf(-179.99, 0, side));
    expect(binOf(180, 89.9, side)).toBe(side * 1 - 1); // clamped into the last column of the first row
  });

  it('add cells and places into exact counts, the places of a lone bin coming back as places', () => {
    const { clusters, points } = binMatches(
      {
        cells: [
          { cell: cellOf(-104.95, 39.75, COARSE), scale: COARSE.scale, n: 40 },
          { cell: cellOf(-104.99, 39.71, FINE), scale: FINE.scale, n: 2 },
        ],
        points: [
          { id: 9, lon: -104.9, lat: 39.7 },
          { id: 3, lon: 10, lat: 50 },
        ],
      },
      5,
    );
    expect(clusters).toHaveLength(1);
    expect(clusters[0].count).toBe(43);
    expect(clusters[0].bounds.west).toBeLessThanOrEqual(clusters[0].longitude);
    expect(clusters[0].bounds.east).toBeGreaterThanOrEqual(clusters[0].longitude);
    expect(points).toEqual([{ id: 3, longitude: 10, latitude: 50 }]);
  });
});
