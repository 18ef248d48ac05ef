import { describe, expect, it } from 'vitest';
import { listingChanges } from '@/lib/explorer/listing-changes';
import type { Listing } from '@/lib/explorer/listing-api';

const days = (weekday: string[], weekend: string[]) => ({
  mon_open_close: weekday,
  tue_open_close: weekday,
  wed_open_close: weekday,
  thu_open_close: weekday,
  fri_open_close: weekday,
  sat_open_close: weekend,
  sun_open_close: weekend,
});

describe('what an edit of a listing changed', () => {
  it('names each day of hours that changed, as the drawer writes hours', () => {
    const before: Partial<Listing> = { hours: { '<default>': days(['08:00-17:00'], []) } };
    const after: Partial<Listing> = { hours: { '<default>': { ...days(['08:00-17:00'], []), sat_open_close: ['09:00-12:00', '13:00-15:00'], mon_open_close: ['00:00-24:00'] } } };
    expect(listingChanges(before, after)).toEqual([
      { what: 'Monday', before: '08:00–17:00', after: 'Open 24 hours' },
      { what: 'Saturday', before: 'closed', after: '09:00–12:00, 13:00–15:00' },
    ]);
  });

  it('names the schedule when there is more than the regular one, and a schedule added', () => {
    const regular = { '<default>': days(['08:00-17:00'], []) };
    const changes = listingChanges({ hours: regular }, { hours: { ...regular, summer: days(['07:00-19:00'], ['08:00-12:00']) } });
    expect(changes).toHaveLength(7);
    expect(changes[0]).toEqual({ what: 'Summer hours (June to August), Monday', before: null, after: '07:00–19:00' });
  });

  it('lists closures added and removed, with their dates and reasons, and leaves the unchanged ones out', () => {
    const kept = { id: 1, start_date: '2026-12-24', end_date: '2026-12-26', reason: 'Holidays' };
    const changes = listingChanges(
      { temporary_closures: [kept, { id: 2, start_date: '2027-01-01', end_date: '2027-01-01', reason: '' }] },
      { temporary_closures: [kept, { id: 3, start_date: '2027-02-01', end_date: '2027-03-15', reason: 'Paving the loop road' }] },
    );
    expect(changes).toEqual([
      { what: 'Closure', before: 'Jan 1, 2027', after: null },
      { what: 'Closure', before: null, after: 'Feb 1 – Mar 15, 2027: Paving the loop road' },
    ]);
  });

  it('says each contact, the description and the RV service’s parts that changed, an empty one as none', () => {
    const changes = listingChanges(
      {
        contact_info: { phone: '+1 435 555 0100', email: '', website: 'https://example.com' },
        description: 'Full hookups.',
        rv_service: { serviced_makes: ['Airstream'], dealer_amenities: [], rental_available: false },
      },
      {
        contact_info: { phone: '+1 435 555 0100', email: 'desk@example.com', website: '' },
        description: '',
        rv_service: { serviced_makes: ['Airstream', 'Jayco'], dealer_amenities: [], rental_available: true },
      },
    );
    expect(changes).toEqual([
      { what: 'E-mail', before: 'none', after: 'desk@example.com' },
      { what: 'Website', before: 'https://example.com', after: 'none' },
      { what: 'Description', before: 'Full hookups.', after: 'none' },
      { what: 'Serviced makes', before: 'Airstream', after: 'Airstream, Jayco' },
      { what: 'Rentals', before: 'no', after: 'yes' },
    ]);
  });

  it('has nothing to say of a confirmation, which changed nothing', () => {
    expect(listingChanges({}, {})).toEqual([]);
  });
});
