import { describe, expect, it } from 'vitest';
import { destinationLabel, nameOfPoint, nearbyTileKey, nearbyTilesOf, type NearbyRow } from '@/lib/gazetteer/nearby';

const rows: NearbyRow[] = [
  ['Denver, CO', -104.985, 39.739],
  ['Aurora, CO', -104.832, 39.729],
  ['Brighton, CO', -104.821, 39.985],
];

describe('naming the search area by a place', () => {
  it('names the town at the middle, a point near the nearest town, or nothing beyond 100 km', () => {
    expect(nameOfPoint(rows, -104.9903, 39.7392)).toBe('Denver, CO');
    expect(nameOfPoint(rows, -104.6, 39.95)).toBe('a point near Brighton, CO');
    expect(nameOfPoint(rows, -100, 39.7)).toBeNull();
    expect(nameOfPoint([], -104.98, 39.74)).toBeNull();
  });

  it('files a name in its cell and the eight around it, so a point finds every name within a degree in its own tile', () => {
    expect(nearbyTileKey(-104.99, 39.74)).toBe('39_-105');
    expect(nearbyTilesOf(-104.99, 39.74)).toHaveLength(9);
    expect(nearbyTilesOf(-104.99, 39.74)).toContain('38_-106');
    expect(nearbyTilesOf(-104.99, 39.74)).toContain('40_-104');
    // Across the antimeridian, and not past the poles.
    expect(nearbyTilesOf(179.5, 10)).toContain('10_-180');
    expect(nearbyTilesOf(0, 89.5)).toHaveLength(6);
  });
});

describe('the name of a place gone to, for the area (issue 49)', () => {
  it('is a US town with its state, another town with its country, and a park or state by its name', () => {
    expect(destinationLabel({ name: 'Moab', detail: 'UT, United States', kind: 'city' })).toBe('Moab, UT');
    expect(destinationLabel({ name: 'Lyon', detail: 'France', kind: 'city' })).toBe('Lyon, France');
    expect(destinationLabel({ name: 'Banff', detail: 'Alberta, Canada', kind: 'city' })).toBe('Banff, Canada');
    expect(destinationLabel({ name: 'Zion National Park', detail: 'UT, United States', kind: 'park' })).toBe('Zion National Park');
    expect(destinationLabel({ name: 'Utah', detail: 'United States', kind: 'state' })).toBe('Utah');
  });
});
