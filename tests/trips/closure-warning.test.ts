import { describe, expect, it } from 'vitest';
import { closureWarning } from '@/lib/trips/closure-warning';
import { formatDuration, formatKilometers } from '@/lib/trips/format';

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
    expect(formatKilometers(850)).toBe('850 m');
    expect(formatKilometers(12_400)).toBe('12.4 km');
    expect(formatKilometers(1_240_000)).toBe('1,240 km');
  });
});
