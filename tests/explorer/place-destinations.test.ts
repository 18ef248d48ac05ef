import { describe, expect, it } from 'vitest';
import { placeDestinations } from '@/lib/explorer/place-destinations';
import type { PlaceListItem } from '@/lib/explorer/types';

const place = (id: number, name: string, address1: string, city: string): PlaceListItem =>
  ({ id, name, locations: [{ address1, postal_code: '', city, state: 'UT', country: 'US', latitude: 38.57, longitude: -109.55 }] }) as unknown as PlaceListItem;

describe('Go to’s rows of the dataset’s places', () => {
  it('say a place’s town, and the street too where two rows would read alike', () => {
    const rows = placeDestinations([
      place(1, 'Love’s Travel Stop', '100 Main St', 'Moab'),
      place(2, 'Love’s Travel Stop', '9 River Rd', 'Moab'),
      place(3, 'Love’s Travel Stop', '5 Canyon Rd', 'Green River'),
      place(4, 'Moab KOA', '3225 S Hwy 191', 'Moab'),
    ]);
    expect(rows.map((r) => `${r.name}, ${r.detail}`)).toEqual([
      'Love’s Travel Stop, 100 Main St, Moab, UT, US',
      'Love’s Travel Stop, 9 River Rd, Moab, UT, US',
      'Love’s Travel Stop, Green River, UT, US',
      'Moab KOA, Moab, UT, US',
    ]);
    expect(rows[0]).toMatchObject({ kind: 'place', placeId: 1, lon: -109.55, lat: 38.57 });
  });

  it('leave out a region code of digits, which says nothing to a reader', () => {
    const abroad = { ...place(6, 'Coyote Inn', '', 'Eksere'), locations: [{ address1: '', postal_code: '', city: 'Eksere', state: '07', country: 'TR', latitude: 37, longitude: 32 }] };
    expect(placeDestinations([abroad as unknown as PlaceListItem])[0].detail).toBe('Eksere, TR');
  });

  it('leave out a place without a location', () => {
    expect(placeDestinations([{ id: 5, name: 'Nowhere', locations: [] } as unknown as PlaceListItem])).toEqual([]);
  });
});
