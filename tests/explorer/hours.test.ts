import { describe, expect, it } from 'vitest';
import { closureBadge, groupClosures, localDate, statusLine } from '@/lib/explorer/closures';
import { formatIntervals, isOpenNow, nextOpening, orderedSchedules, scheduleTitle, todaysHours } from '@/lib/explorer/hours';

const week = (intervals: string[]) => ({
  sun_open_close: intervals,
  mon_open_close: intervals,
  tue_open_close: intervals,
  wed_open_close: intervals,
  thu_open_close: intervals,
  fri_open_close: intervals,
  sat_open_close: intervals,
});

describe('open now', () => {
  // 2026-11-23 is a Monday; 17:30 UTC is 10:30 in Denver (UTC-7 in November).
  const mondayMorningDenver = new Date('2026-11-23T17:30:00Z');

  it('is computed in the place’s own time zone', () => {
    const schedule = week(['09:00-12:00', '13:00-17:00']);
    expect(isOpenNow(schedule, 'America/Denver', mondayMorningDenver)).toBe(true);
    expect(isOpenNow(schedule, 'Asia/Tokyo', mondayMorningDenver)).toBe(false); // 02:30 on Tuesday there
  });

  it('handles gaps between intervals, closed days and intervals past midnight', () => {
    expect(isOpenNow(week(['08:00-10:00', '11:00-12:00']), 'America/Denver', mondayMorningDenver)).toBe(false);
    expect(isOpenNow({ ...week(['09:00-17:00']), mon_open_close: [] }, 'America/Denver', mondayMorningDenver)).toBe(false);
    const lateSunday = new Date('2026-11-23T08:30:00Z'); // 01:30 Monday in Denver
    expect(isOpenNow({ ...week([]), sun_open_close: ['20:00-02:00'] }, 'America/Denver', lateSunday)).toBe(true);
    expect(isOpenNow(week(['00:00-24:00']), 'America/Denver', lateSunday)).toBe(true);
  });

  it('is unknown without a schedule', () => {
    expect(isOpenNow(undefined, 'UTC', mondayMorningDenver)).toBeNull();
  });

  it('lists <default> first', () => {
    expect(orderedSchedules({ kitchen: week([]), '<default>': week([]) }).map(([k]) => k)).toEqual(['<default>', 'kitchen']);
  });
});

describe('closures', () => {
  const closures = [
    { id: 1, start_date: '2026-01-01', end_date: '2026-01-10', reason: 'winter' },
    { id: 2, start_date: '2026-11-20', end_date: '2026-11-23', reason: 'repairs' },
    { id: 3, start_date: '2026-12-01', end_date: '2026-12-05', reason: 'event' },
  ];

  it('splits past, current (end date inclusive) and upcoming', () => {
    const groups = groupClosures(closures, '2026-11-23');
    expect(groups.past.map((c) => c.id)).toEqual([1]);
    expect(groups.current.map((c) => c.id)).toEqual([2]);
    expect(groups.upcoming.map((c) => c.id)).toEqual([3]);
  });

  it('badges a current closure, or one starting within two weeks', () => {
    expect(closureBadge(closures, '2026-11-23')?.closure.id).toBe(2);
    expect(closureBadge(closures, '2026-11-24')).toMatchObject({ phase: 'upcoming', closure: { id: 3 } });
    expect(closureBadge(closures, '2026-06-01')).toBeNull();
  });

  it('takes today from the place’s zone', () => {
    expect(localDate(new Date('2026-11-24T03:00:00Z'), 'America/Denver')).toBe('2026-11-23');
  });
});

describe('when a place opens next and its hours today', () => {
  const mondayMorningDenver = new Date('2026-11-23T17:30:00Z'); // Monday 10:30 in Denver

  it('says the next opening today, later in the week, or nothing', () => {
    expect(nextOpening(week(['09:00-10:00', '13:00-17:00']), 'America/Denver', mondayMorningDenver)).toBe('Opens 13:00');
    expect(nextOpening({ ...week([]), wed_open_close: ['08:30-12:00'] }, 'America/Denver', mondayMorningDenver)).toBe('Opens Wed 08:30');
    expect(nextOpening(week([]), 'America/Denver', mondayMorningDenver)).toBeNull();
    expect(nextOpening(undefined, 'America/Denver', mondayMorningDenver)).toBeNull();
  });

  it('reads today in the place’s own time zone', () => {
    const schedule = { ...week(['09:00-17:00']), tue_open_close: ['10:00-14:00'] };
    expect(todaysHours(schedule, 'America/Denver', mondayMorningDenver)).toEqual({ day: 'mon', text: '09:00–17:00' });
    expect(todaysHours(schedule, 'Asia/Tokyo', mondayMorningDenver)).toEqual({ day: 'tue', text: '10:00–14:00' });
    expect(todaysHours({ ...schedule, mon_open_close: [] }, 'America/Denver', mondayMorningDenver).text).toBeNull();
  });
});

describe('the drawer status line (issue 40: one closure, one date; issue 49: never "normally" in green beside a closure)', () => {
  const renovation = { id: 7, start_date: '2026-12-01', end_date: '2026-12-08', reason: 'Renovation' };

  it('names the last closed day, as the closure badge does, not the day the place reopens', () => {
    expect(statusLine({ operating_normally: false, reason: 'Wildfire risk', changes_at: '2026-12-09' }, '2026-11-27')).toEqual({
      text: 'Temporarily closed until Dec 8, 2026: Wildfire risk',
      tone: 'closed',
    });
    const closure = { id: 1, start_date: '2026-11-24', end_date: '2026-12-08', reason: 'Wildfire risk' };
    expect(closureBadge([closure], '2026-11-27')?.closure.end_date).toBe('2026-12-08');
  });

  it('says "open as usual" plainly when nothing is ahead', () => {
    expect(statusLine({ operating_normally: true, reason: '', changes_at: '2026-11-27' }, '2026-11-27')).toEqual({ text: 'Open as usual', tone: 'normal' });
    expect(statusLine({ operating_normally: true, reason: '', changes_at: '2025-03-01' }, '2026-11-27')).toEqual({ text: 'Open as usual', tone: 'normal' });
  });

  it('announces a closure ahead with its dates in words, as a warning, not as "operating normally: temporarily closed"', () => {
    const status = { operating_normally: true, reason: 'Temporarily closed from 2026-12-01 to 2026-12-08: Renovation', changes_at: '2026-12-01' };
    const line = statusLine(status, '2026-11-27', [renovation]);
    expect(line).toEqual({ text: 'Open as usual until Nov 30, 2026, then temporarily closed Dec 1 – Dec 8, 2026: Renovation', tone: 'ahead' });
    expect(line.text).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    // A day ahead that starts no closure is the day the place was verified, ahead of a place whose date is behind UTC.
    expect(statusLine({ operating_normally: true, reason: '', changes_at: '2026-11-29' }, '2026-11-28', [renovation])).toEqual({ text: 'Open as usual', tone: 'normal' });
  });

  it('spans years in full when a closure crosses a new year', () => {
    const winter = { id: 8, start_date: '2026-12-20', end_date: '2027-01-05', reason: '' };
    expect(statusLine({ operating_normally: true, reason: 'x', changes_at: '2026-12-20' }, '2026-11-27', [winter]).text).toBe(
      'Open as usual until Dec 19, 2026, then temporarily closed Dec 20, 2026 – Jan 5, 2027',
    );
  });
});

describe('hours in words (issue 49)', () => {
  it('says "Open 24 hours" for a whole day, and the intervals otherwise', () => {
    expect(formatIntervals(['00:00-24:00'])).toBe('Open 24 hours');
    expect(formatIntervals(['09:00-12:00', '13:00-17:00'])).toBe('09:00–12:00, 13:00–17:00');
    expect(formatIntervals([])).toBeNull();
  });

  it('names when each of the dataset’s schedules applies', () => {
    expect(scheduleTitle('<default>')).toBe('Regular hours');
    expect(scheduleTitle('holiday')).toBe('Holiday hours (public holidays)');
    expect(scheduleTitle('summer')).toBe('Summer hours (June to August)');
    expect(scheduleTitle('late_night')).toBe('Late night hours');
  });
});
