import { describe, expect, it } from 'vitest';
import { alsoKnownAs, parkingShown, openStreetMapSource } from '@/lib/explorer/place-facts';

describe('what a place’s drawer tells', () => {
  it('leaves out an other name that is the name with the town it already says', () => {
    const at = (city: string) => [{ city, latitude: 0, longitude: 0 }];
    expect(alsoKnownAs({ name: 'Thousand Trails Grand Junction', alt_names: ['Thousand Trails Grand Junction (Grand Junction)', 'Mesa Camp'], locations: at('Grand Junction') })).toEqual(['Mesa Camp']);
    expect(alsoKnownAs({ name: 'Sunny Diner', alt_names: ['Sunny Diner (Moab)'], locations: at('Moab') })).toEqual(['Sunny Diner (Moab)']);
    expect(alsoKnownAs({ name: 'Sunny Diner', alt_names: ['Sunny Diner'], locations: [] })).toEqual([]);
  });

  it('says only "No parking" where there is none', () => {
    expect(parkingShown({ available: false, free: true, rv: true })).toEqual({ available: false });
    expect(parkingShown({ available: true, free: true })).toEqual({ available: true, free: true });
  });
});

describe('openStreetMapSource', () => {
  it("names the OpenStreetMap object an imported place came from, and nothing for other contributors", () => {
    const of = (contributor?: string) => openStreetMapSource({ road_trip_details: contributor === undefined ? undefined : { contributor } });
    expect(of('https://www.openstreetmap.org/way/22824179')).toBe('https://www.openstreetmap.org/way/22824179');
    expect(of('https://www.openstreetmap.org/relation/200')).toBe('https://www.openstreetmap.org/relation/200');
    expect(of('https://contributors.example.com/jo_outdoors')).toBeNull();
    expect(of('https://www.openstreetmap.org/way/1/history')).toBeNull();
    expect(of(undefined)).toBeNull();
  });
});
