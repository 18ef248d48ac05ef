import { describe, expect, it } from 'vitest';
import { tripBounds } from '@/lib/trips/trip-bounds';

const stops = [
  { lon: -107.7, lat: 38.15 },
  { lon: -107.67, lat: 38.02 },
];

describe('a trip’s frame on the map', () => {
  it('holds the stops, and the roads that swing out of their box (a detour)', () => {
    expect(tripBounds(stops)).toEqual([
      [-107.7, 38.02],
      [-107.67, 38.15],
    ]);
    const detour = { geometry: [[-107.7, 38.15], [-108.1, 37.6], [-107.67, 38.02]] as [number, number][] };
    expect(tripBounds(stops, [detour])).toEqual([
      [-108.1, 37.6],
      [-107.67, 38.15],
    ]);
  });

  it('is none without stops, and leaves out a leg drawn across the antimeridian', () => {
    expect(tripBounds([])).toBeNull();
    const across = { geometry: [[179.5, 51.9], [180.4, 52.1]] as [number, number][] };
    expect(tripBounds([{ lon: 179.5, lat: 51.9 }, { lon: -179.6, lat: 52.1 }], [across])).toEqual([
      [-179.6, 51.9],
      [179.5, 52.1],
    ]);
  });
});
