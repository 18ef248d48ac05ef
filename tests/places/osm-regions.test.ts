import { describe, expect, it } from 'vitest';
import { loadGeography } from '@/lib/places/dataset/cities';
import { RegionLocator } from '@/lib/places/osm/regions';
import { UsStateShapes } from '@/lib/places/osm/us-states';

describe('the regions of an imported place', () => {
  const locator = new RegionLocator();

  it('takes a US place’s state from the state shapes, and its town from that state', () => {
    // 4.4 km south of Utah's line (the 37th parallel), on the Arizona Strip: the nearest town is St. George, Utah.
    const strip = locator.locate(-113.5, 36.96, {})!;
    expect(strip).toMatchObject({ country: 'US', state: 'AZ', stateName: 'Arizona', town: null });
    expect(strip.regions.map((r) => r.name)).toEqual(['United States', 'Arizona']);
    expect(locator.locate(-111.891, 40.7608, {})).toMatchObject({ state: 'UT', town: { name: 'Salt Lake City' } });
  });

  it('keeps the state an address gives, and leaves other countries to their nearest town', () => {
    expect(locator.locate(-113.5, 36.96, { 'addr:state': 'UT' })?.state).toBe('UT');
    expect(locator.locate(-123.1, 49.28, {})).toMatchObject({ country: 'CA', state: 'BC' });
    // Tijuana, 2 km south of California: Mexico.
    expect(locator.locate(-117.0382, 32.5149, {})?.country).toBe('MX');
  });

  it('puts every US city of 100,000 people in the state GeoNames gives it', () => {
    const shapes = new UsStateShapes();
    const cities = loadGeography().cities.filter((c) => c.country === 'US' && c.population >= 100_000);
    expect(cities.length).toBeGreaterThan(250);
    const outside = cities.filter((c) => shapes.stateAt(c.lon, c.lat) === null);
    // A shore city's point may fall in the water of the 1:10 million shapes; the nearest town answers for it then.
    expect(outside.length).toBeLessThan(cities.length * 0.05);
    for (const city of cities) expect(locator.locate(city.lon, city.lat, {})?.state, city.name).toBe(city.admin);
  });
});
