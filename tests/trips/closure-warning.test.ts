import { describe, expect, it } from 'vitest';
import { addDays } from '@/lib/places/status';
import { closureWarning, pastDateWarning } from '@/lib/trips/closure-warning';
import { dateEntry } from '@/lib/trips/date-entry';
import { detourWords, formatDistance, formatDuration } from '@/lib/trips/format';

const weekdaysOnly = { '<default>': { mon_open_close: ['09:00-17:00'], tue_open_close: ['09:00-17:00'], wed_open_close: ['09:00-17:00'], thu_open_close: ['09:00-17:00'], fri_open_close: ['09:00-17:00'], sat_open_close: [], sun_open_close: [] } };

describe('closure warnings', () => {
  it('flags a temporary closure covering the arrival date, with its reason', () => {
    const place = { temporary_closures: [{ id: 1, start_date: '2026-12-01', end_date: '2027-02-28', reason: 'Closed for the winter season' }] };
    expect(closureWarning(place, '2026-12-24')).toBe('Closed on Dec 24, 2026 (until Feb 28, 2027): Closed for the winter season');
    expect(closureWarning(place, '2027-02-28')).toMatch(/^Closed on Feb 28/);
    expect(closureWarning(place, '2027-03-01')).toBeNull();
    expect(closureWarning(place, null)).toBeNull();
  });

  it('flags a permanent closure', () => {
    expect(closureWarning({ temporary_closures: [{ id: 2, start_date: '2026-01-01', end_date: '9999-12-31', reason: 'Permanently closed' }] }, '2026-08-01')).toBe(
      'Closed on Aug 1, 2026 (for good): Permanently closed',
    );
  });

  it('flags a weekday with no opening hours, and says nothing without a schedule', () => {
    expect(closureWarning({ hours: weekdaysOnly }, '2026-07-05')).toBe('Closed on Sundays: you arrive Jul 5, 2026');
    expect(closureWarning({ hours: weekdaysOnly }, '2026-07-06')).toBeNull();
    expect(closureWarning({}, '2026-07-05')).toBeNull();
  });
});

describe('formatting', () => {
  it('writes durations and distances for people', () => {
    expect(formatDuration(40 * 60)).toBe('40 min');
    expect(formatDuration(24)).toBe('under 1 min');
    expect(formatDuration(0)).toBe('0 min');
    expect(formatDuration(3 * 3600 + 25 * 60)).toBe('3 h 25 min');
    expect(formatDuration(2 * 3600)).toBe('2 h');
    expect(formatDuration(52 * 3600)).toBe('2 d 4 h');
    expect(formatDistance(850, 'km')).toBe('850 m');
    expect(formatDistance(12_400, 'km')).toBe('12.4 km');
    expect(formatDistance(1_240_000, 'km')).toBe('1,240 km');
  });
});

describe('a stay of several nights', () => {
  const hotel = { temporary_closures: [{ id: 3, start_date: '2026-11-24', end_date: '2026-12-08', reason: 'Renovation' }] };

  it('is warned of a closure that starts during the stay, not only on the arrival day', () => {
    expect(closureWarning(hotel, '2026-11-21', 5)).toBe('Closes on Nov 24, 2026, during your stay (until Dec 8, 2026): Renovation');
    // Checking out on the day it closes is no conflict: the last night is the 23rd.
    expect(closureWarning(hotel, '2026-11-21', 3)).toBeNull();
    expect(closureWarning(hotel, '2026-11-21', 0)).toBeNull();
    expect(closureWarning(hotel, '2026-11-23', 1)).toBeNull();
    expect(closureWarning(hotel, '2026-11-23', 2)).toMatch(/^Closes on Nov 24, 2026/);
    expect(closureWarning(hotel, '2026-12-05', 10)).toBe('Closed on Dec 5, 2026 (until Dec 8, 2026): Renovation');
    expect(closureWarning(hotel, '2026-12-09', 3)).toBeNull();
  });

  it('names the first of several closures the stay meets', () => {
    const twice = { temporary_closures: [{ id: 5, start_date: '2026-12-20', end_date: '2026-12-21', reason: 'Holiday' }, { id: 4, start_date: '2026-12-10', end_date: '2026-12-11', reason: 'Inspection' }] };
    expect(closureWarning(twice, '2026-12-08', 20)).toMatch(/^Closes on Dec 10, 2026, during your stay \(until Dec 11, 2026\): Inspection$/);
  });

  it('says when the arrival date has passed, by the traveler\'s own date', () => {
    expect(pastDateWarning('2026-11-26', '2026-11-27')).toBe('The arrival date Nov 26, 2026 has passed');
    expect(pastDateWarning('2026-11-27', '2026-11-27')).toBeNull();
    expect(pastDateWarning(null, '2026-11-27')).toBeNull();
  });

  it('counts days across months and years', () => {
    expect(addDays('2026-12-30', 3)).toBe('2027-01-02');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });
});

describe('typing an arrival date', () => {
  it('saves nothing while the year is being typed digit by digit, and the whole date once it is there', () => {
    for (const partial of ['', '0002-12-01', '0020-12-01', '0202-12-01']) expect(dateEntry(partial, 'typing')).toEqual({ wait: true });
    expect(dateEntry('2026-12-01', 'typing')).toEqual({ save: '2026-12-01' });
  });

  it('clears the date when the field is emptied, and refuses a partial or implausible one when the field is left', () => {
    expect(dateEntry('', 'done')).toEqual({ save: null });
    expect(dateEntry('', 'done', true)).toMatchObject({ invalid: expect.stringMatching(/whole date/) });
    expect(dateEntry('0026-12-01', 'done')).toEqual({ invalid: 'Enter the year in four digits, such as 12/01/2026.' });
    expect(dateEntry('0012-12-21', 'done')).toEqual({ invalid: 'Enter the year in four digits, such as 12/01/2026.' });
    expect(dateEntry('2026-02-30', 'done')).toMatchObject({ invalid: expect.any(String) });
    expect(dateEntry('2027-02-28', 'done')).toEqual({ save: '2027-02-28' });
  });
});

describe('what a detour around a rig’s limits costs (issue 49)', () => {
  it('says the extra distance and time in the traveler’s units', () => {
    expect(detourWords({ extraMeters: 19_956, extraSeconds: 1080 }, 'mi')).toBe('The way around adds 12.4 mi and 18 min.');
    expect(detourWords({ extraMeters: 19_956, extraSeconds: 1080 }, 'km')).toBe('The way around adds 20.0 km and 18 min.');
    expect(detourWords({ extraMeters: 0, extraSeconds: 600 }, 'km')).toBe('The way around adds 10 min.');
    expect(detourWords({ extraMeters: 0, extraSeconds: 0 }, 'km')).toBe('The way around costs nothing more.');
  });
});
