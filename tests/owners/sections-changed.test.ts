import { describe, expect, it } from 'vitest';
import { sectionsChanged } from '@/lib/explorer/listing-draft';
import type { Listing } from '@/lib/owners/listing';

const week = (open: string[]) => ({ sun_open_close: open, mon_open_close: open, tue_open_close: open, wed_open_close: open, thu_open_close: open, fri_open_close: open, sat_open_close: open });

const listing: Listing = {
  hours: { '<default>': week(['09:00-17:00']) },
  temporary_closures: [{ id: 1, start_date: '2026-12-24', end_date: '2026-12-26', reason: 'Holidays' }],
  contact_info: { phone: '+1 555 0100', email: 'hi@example.com', website: 'https://example.com' },
  description: 'A dealer.',
  rv_service: { serviced_makes: ['Jayco'], dealer_amenities: ['Wi-Fi'], rental_available: false },
} as Listing;

describe('what another editor changed in a listing', () => {
  it('names the parts that differ, as the form shows them', () => {
    expect(sectionsChanged(listing, listing)).toEqual([]);
    expect(sectionsChanged(listing, { ...listing, hours: { '<default>': week(['08:00-17:00']) } })).toEqual(['the hours']);
    expect(
      sectionsChanged(listing, {
        ...listing,
        temporary_closures: [],
        contact_info: { ...listing.contact_info, website: 'https://example.org' },
        rv_service: { ...listing.rv_service!, serviced_makes: ['Jayco', 'Winnebago'] },
      }),
    ).toEqual(['the closures', 'the phone, e-mail or website', 'the RV service']);
    expect(sectionsChanged(listing, { ...listing, description: 'A dealer and a park.' })).toEqual(['the description']);
  });

  it('does not count a closure saved again under a new id', () => {
    const again = { ...listing, temporary_closures: [{ ...listing.temporary_closures[0], id: 2 }] };
    expect(sectionsChanged(listing, again)).toEqual([]);
  });
});
