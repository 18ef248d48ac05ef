import type { City } from '@/lib/places/dataset/cities';
import { placeSpreadKm } from '@/lib/places/dataset/location';
import { loadParkAnchors } from '@/lib/places/dataset/park-anchors';

/** The demo roads join the towns of the contiguous United States, where the RV audience and the demo trips are. */
const CONTIGUOUS_US = { west: -125, south: 24, east: -66, north: 49.5 };

export interface DemoTown extends City {
  /** How far the seeded places spread around the town (the place generator's spread, km): its streets reach 3 of them. */
  spreadKm: number;
}

/**
 * The towns the demo roads join: GeoNames' towns of the contiguous United States, and the national parks and their
 * gateway towns that the generated places are anchored on (Springdale at Zion's gate has 500 people), so a road
 * reaches every place a demo trip goes.
 */
export function demoTowns(cities: readonly City[]): DemoTown[] {
  const { west, south, east, north } = CONTIGUOUS_US;
  const known = new Set(cities.map((c) => c.id));
  return [...cities, ...loadParkAnchors().filter((a) => !known.has(a.id))]
    .filter((c) => c.country === 'US' && c.lon >= west && c.lon <= east && c.lat >= south && c.lat <= north)
    .sort((a, b) => a.id - b.id)
    .map((c) => ({ ...c, spreadKm: placeSpreadKm(c.population) }));
}
