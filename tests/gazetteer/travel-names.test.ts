import { describe, expect, it } from 'vitest';
import { goToTarget } from '@/lib/gazetteer/destination';
import { matchWords, shardOfQuery, suggest, type GazetteerRow } from '@/lib/gazetteer/names';
import { parkName, parkProminence } from '@/lib/places/dataset/park-names';

const MOAB = { lon: -109.55, lat: 38.573 };
const DENVER = { lon: -104.99, lat: 39.739 };
const rows: GazetteerRow[] = [
  ['St George', 'Australia', 148.61, -27.948, 3124, 'city', null],
  ['St. George', 'Canada', -80.251, 43.245, 3255, 'city', null],
  ['Saint George', 'UT, United States', -113.584, 37.104, 72897, 'city', null],
  ['Springdale', 'AR, United States', -94.129, 36.187, 77859, 'city', null],
  ['Springdale', 'UT, United States', -112.999, 37.189, 556, 'city', null],
  ['Zion', 'IL, United States', -87.833, 42.446, 24117, 'city', null],
  ['Zion', 'PA, United States', -77.685, 40.914, 2030, 'city', null],
  ['Zion National Park', 'UT, United States', -113.04, 37.323, parkProminence('National Park'), 'park', [-113.22, 37.14, -112.86, 37.5]],
  ['West Yellowstone', 'MT, United States', -111.104, 44.662, 1339, 'city', null],
  ['Yellowstone National Park', 'WY, United States', -110.49, 44.617, parkProminence('National Park'), 'park', [-111.15, 44.13, -109.83, 45.1]],
  ['Paris', 'TX, United States', -95.555, 33.661, 24782, 'city', null],
  ['Paris', 'France', 2.349, 48.853, 2138551, 'city', null],
  ['Mount Rushmore National Memorial', 'SD, United States', -103.449, 43.877, parkProminence('National Memorial'), 'park', null],
];
const names = (query: string, near?: { lon: number; lat: number }) => suggest(rows, query, 8, near).map((e) => `${e.name}, ${e.detail}`);

describe('Go to finds where travelers go', () => {
  it('finds a national park by its name alone, before the towns of that name, near the map or not', () => {
    expect(names('Zion', MOAB)[0]).toBe('Zion National Park, UT, United States');
    expect(names('zion national park')).toEqual(['Zion National Park, UT, United States']);
    expect(names('Yellowstone', MOAB)).toEqual(['Yellowstone National Park, WY, United States', 'West Yellowstone, MT, United States']);
  });

  it('reads St, Mt, Ft as Saint, Mount, Fort on both sides, and ranks by population and nearness to the map', () => {
    expect(matchWords('St. George')).toEqual(['saint', 'george']);
    expect(matchWords('Mt Rushmore')).toEqual(['mount', 'rushmore']);
    expect(names('St George', MOAB)[0]).toBe('Saint George, UT, United States');
    expect(names('St George')[0]).toBe('Saint George, UT, United States');
    // Nearness: seen from Brisbane, the Queensland town comes before the Canadian one of about its size.
    const fromBrisbane = names('St George', { lon: 153.03, lat: -27.47 });
    expect(fromBrisbane.indexOf('St George, Australia')).toBeLessThan(fromBrisbane.indexOf('St. George, Canada'));
    expect(names('Paris', DENVER)).toEqual(['Paris, France', 'Paris, TX, United States']);
    expect(names('mt rushmore')).toEqual(['Mount Rushmore National Memorial, SD, United States']);
    expect(shardOfQuery('st george')).toBe('geo');
  });

  it('takes a state after the name ("Springdale, UT"), and a village near the map before a city far away', () => {
    expect(names('Springdale, UT')).toEqual(['Springdale, UT, United States']);
    expect(names('Springdale', MOAB)[0]).toBe('Springdale, UT, United States');
    expect(names('Springdale')[0]).toBe('Springdale, AR, United States');
    // The first word typed must begin the name: "UT" alone is not every town of Utah.
    expect(names('ut')).toEqual([]);
  });

  it('goes to a park framing its bounds', () => {
    const zion = suggest(rows, 'zion', 1, MOAB)[0];
    expect(goToTarget(zion, null).bounds).toEqual([[-113.22, 37.14], [-112.86, 37.5]]);
  });
});

describe('park names from Natural Earth', () => {
  it('spells the designation out', () => {
    expect(parkName('Zion NP', 'National Park')).toBe('Zion National Park');
    expect(parkName('Flight 93 N MEM', 'National Memorial')).toBe('Flight 93 National Memorial');
    expect(parkName('Salt River Bay NHP & E PRES', 'National Historical Park and Ecological Preserve')).toBe('Salt River Bay National Historical Park and Ecological Preserve');
    expect(parkName('Fort McHenry NM & Historic Shrine', 'National Monument and Historic Shrine')).toBe('Fort McHenry National Monument and Historic Shrine');
    expect(parkName('Homestead NM of America', 'National Monument')).toBe('Homestead National Monument of America');
    expect(parkName('World War II MEM', 'Memorial')).toBe('World War II Memorial');
    expect(parkName('Capulin Volcano', 'National Monument')).toBe('Capulin Volcano National Monument');
    expect(parkName('Rock Creek Park', 'Park')).toBe('Rock Creek Park');
    expect(parkName('Cuyahoga Valley National Park', 'National Park')).toBe('Cuyahoga Valley National Park');
  });

  it('keeps the part of a unit of several places, and mends the data’s slips', () => {
    expect(parkName('Theodore Roosevelt NP--South Unit', 'National Park')).toBe('Theodore Roosevelt National Park (South Unit)');
    expect(parkName('Big Thicket N PRES - Beaumont Unit', 'National Preserve')).toBe('Big Thicket National Preserve (Beaumont Unit)');
    expect(parkName('Sequoia  NP', 'National Park')).toBe('Sequoia National Park');
    expect(parkName('Washinton Monument', 'Memorial')).toBe('Washington Monument');
  });
});
