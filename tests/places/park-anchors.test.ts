// Issue 49, major 1: the generated demo has RV places where RV trips go. Before, campgrounds and RV parks within
// 50 km were: Moab 0, Springdale (Zion's gate) 0, Grand Canyon Village 0, St George 0, Yellowstone 0.
import { describe, expect, it } from 'vitest';
import { createGenerator, DEFAULT_SEED } from '@/lib/places/dataset/generator';
import { loadParkAnchors } from '@/lib/places/dataset/park-anchors';
import type { PlaceRecord } from '@/lib/places/place-schema';
import { distanceMeters } from '@/lib/geo/sphere';

const GATES: Record<string, [number, number]> = {
  Moab: [-109.5498, 38.5733],
  Springdale: [-112.9986, 37.1889],
  'Grand Canyon Village': [-112.1401, 36.0544],
  'St George': [-113.5841, 37.1042],
  'Old Faithful, Yellowstone': [-110.828, 44.4605],
};

const isRvStay = (p: PlaceRecord) => p.tags.some((t) => t.public_id === 'campgrounds' || t.public_id === 'rv-parks');

describe('RV places near the national parks (the default demo of 20,000 places)', () => {
  const generator = createGenerator({ seed: DEFAULT_SEED, baseUrl: 'http://localhost:3000', today: '2026-11-29' });
  const places = Array.from({ length: 20_000 }, (_, i) => generator.place(i));

  it.each(Object.entries(GATES))('has several campgrounds or RV parks within 50 km of %s', (_, [lon, lat]) => {
    const near = places.filter((p) => isRvStay(p) && distanceMeters(lon, lat, p.locations[0].longitude, p.locations[0].latitude) <= 50_000);
    expect(near.length).toBeGreaterThanOrEqual(5);
  });

  it('gives a park’s own places an address in the park, in its state, and a gateway town’s in the town', () => {
    const inZion = places.filter((p) => p.locations[0].city === 'Zion National Park');
    expect(inZion.length).toBeGreaterThan(0);
    for (const p of inZion) expect(p.locations[0]).toMatchObject({ state: 'UT', country: 'US' });
    expect(places.some((p) => p.locations[0].city === 'Springdale' && p.locations[0].state === 'UT')).toBe(true);
  });
});

describe('the parks and their gateway towns', () => {
  const names = loadParkAnchors().map((a) => `${a.name}, ${a.admin}`);

  it('are the national parks with a town near them, each with its nearest towns and its largest one', () => {
    for (const name of ['Zion National Park, UT', 'Springdale, UT', 'Saint George, UT', 'Arches National Park, UT', 'Moab, UT', 'Grand Canyon Village, AZ', 'West Yellowstone, MT']) {
      expect(names).toContain(name);
    }
  });

  it('leave out the parks with no town within reach, whose state the regions do not know', () => {
    expect(names.filter((n) => n.startsWith('Kobuk Valley'))).toEqual(['Kobuk Valley National Park, AK']);
    expect(names.every((n) => /, [A-Z]{2}$/.test(n))).toBe(true);
  });
});
