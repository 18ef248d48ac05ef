// Issue 53: an owner fills the closures from the public holidays of the place's state (date-holidays), for a year ahead.
import { describe, expect, it } from 'vitest';
import { withHolidayClosures } from '@/lib/explorer/listing-draft';
import { MAX_CLOSURES } from '@/lib/owners/listing-input';
import { publicHolidays } from '@/lib/owners/public-holidays';

describe('the public holidays of a place’s state', () => {
  it('gives the state’s public holidays from today through a year ahead, with its own ones and the substitute days', () => {
    const utah = publicHolidays({ country: 'US', state: 'UT' }, '2026-12-03')!;
    expect(utah.region).toBe('Utah, United States of America');
    expect(utah.holidays[0]).toEqual({ date: '2026-12-25', name: 'Christmas Day' });
    expect(utah.holidays).toContainEqual({ date: '2027-07-24', name: 'Pioneer Day' });
    expect(utah.holidays).toContainEqual({ date: '2027-07-05', name: 'Independence Day (substitute day)' });
    expect(utah.holidays.every((h) => h.date >= '2026-12-03' && h.date <= '2027-12-03')).toBe(true);
    expect(utah.holidays.map((h) => h.date)).toEqual([...new Set(utah.holidays.map((h) => h.date))].sort());
    // Another state's own day is not Utah's.
    expect(publicHolidays({ country: 'US', state: 'CO' }, '2026-12-03')!.holidays.map((h) => h.name)).not.toContain('Pioneer Day');
  });

  it('falls back to the country for a state date-holidays does not know, and knows nothing of an unknown country', () => {
    expect(publicHolidays({ country: 'US', state: 'XX' }, '2026-12-03')).toMatchObject({ region: 'United States of America' });
    expect(publicHolidays({ country: 'ca', state: 'bc' }, '2026-12-03')).toMatchObject({ region: 'British Columbia, Canada' });
    expect(publicHolidays({ country: 'ZZ', state: 'UT' }, '2026-12-03')).toBeNull();
  });

  it('adds a one-day closure for each holiday no closure covers, up to the listing’s limit', () => {
    const holidays = [
      { date: '2026-12-25', name: 'Christmas Day' },
      { date: '2027-01-01', name: 'New Year’s Day' },
      { date: '2027-01-18', name: 'Martin Luther King Jr. Day' },
    ];
    const winter = { key: 'a', id: 1, start_date: '2026-12-20', end_date: '2027-01-02', reason: 'Winter break' };
    expect(withHolidayClosures([winter], holidays)).toEqual({
      rows: [winter, { key: expect.stringMatching(/^holiday\d+$/), start_date: '2027-01-18', end_date: '2027-01-18', reason: 'Martin Luther King Jr. Day' }],
      added: 1,
      left: 0,
    });
    // A row still being typed (no last day) covers nothing.
    expect(withHolidayClosures([{ key: 'b', start_date: '2026-12-25', end_date: '', reason: '' }], holidays).added).toBe(3);
    const many = Array.from({ length: MAX_CLOSURES - 1 }, (_, i) => ({ key: `k${i}`, start_date: '2026-01-01', end_date: '2026-01-01', reason: 'Old' }));
    expect(withHolidayClosures(many, holidays)).toMatchObject({ added: 1, left: 2 });
  });
});
