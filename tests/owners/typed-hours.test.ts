// Issue 53: owners type hours as people type times; the API keeps HH:MM-HH:MM.
import { describe, expect, it } from 'vitest';
import { readTypedDay, typedDayOf } from '@/lib/owners/typed-hours';

const ok = (typed: string) => readTypedDay(typed);

describe('hours as owners type them', () => {
  it.each([
    ['9am-5pm', ['09:00-17:00']],
    ['9:30 - 17:00', ['09:30-17:00']],
    ['09:00-12:00, 13:00-17:00', ['09:00-12:00', '13:00-17:00']],
    ['13:00-17:00; 8-12', ['08:00-12:00', '13:00-17:00']],
    ['noon to 6 pm', ['12:00-18:00']],
    ['7pm-midnight', ['19:00-24:00']],
    ['10 p.m. – 12am', ['22:00-24:00']],
    ['8.30-16.45', ['08:30-16:45']],
    ['9-5', ['09:00-17:00']],
    ['10-2', ['10:00-14:00']],
    ['9am-5', ['09:00-17:00']],
    ['24 hours', ['00:00-24:00']],
    ['closed', []],
    ['', []],
  ])('reads "%s"', (typed, intervals) => {
    expect(ok(typed)).toEqual({ ok: true, intervals });
  });

  it.each([
    ['22:00-02:00', /ends before it starts: a span past midnight is two, 22:00-24:00 and 00:00-02:00/],
    ['9-17, 16-18', /09:00-17:00 and 16:00-18:00 overlap/],
    ['9am', /not a span of time/],
    ['25:00-26:00', /not a span of time/],
    ['13pm-2pm', /not a span of time/],
    ['9pm-5', /ends before it starts/],
    ['9:75-10', /not a span of time/],
    ['soon-later', /not a span of time/],
  ])('refuses "%s"', (typed, message) => {
    const day = ok(typed);
    expect(day.ok).toBe(false);
    expect(day.ok ? '' : day.message).toMatch(message);
  });

  it('writes stored intervals back as the form shows them', () => {
    expect(typedDayOf(['09:00-12:00', '13:00-17:00'])).toBe('09:00-12:00, 13:00-17:00');
    expect(typedDayOf([])).toBe('closed');
    expect(ok(typedDayOf(['09:00-12:00', '13:00-17:00']))).toEqual({ ok: true, intervals: ['09:00-12:00', '13:00-17:00'] });
  });
});
