import { describe, expect, it } from 'vitest';
import { dateTimeFormat, formatCount } from '@/lib/explorer/intl-cache';

describe('intl-cache', () => {
  it('builds one formatter per locale and options, and formats as a new one would', () => {
    const options: Intl.DateTimeFormatOptions = { timeZone: 'America/Denver', year: 'numeric', month: '2-digit', day: '2-digit' };
    const first = dateTimeFormat('en-CA', options);
    expect(dateTimeFormat('en-CA', { ...options })).toBe(first);
    expect(dateTimeFormat('en-CA', { ...options, timeZone: 'Asia/Tokyo' })).not.toBe(first);
    const at = new Date('2026-11-24T03:00:00Z');
    expect(first.format(at)).toBe(new Intl.DateTimeFormat('en-CA', options).format(at));
    expect(first.format(at)).toBe('2026-11-23');
  });

  it('throws for an unknown time zone, as the constructor does, and keeps nothing', () => {
    expect(() => dateTimeFormat('en-US', { timeZone: 'Nowhere/Atlantis' })).toThrow(RangeError);
    expect(() => dateTimeFormat('en-US', { timeZone: 'Nowhere/Atlantis' })).toThrow(RangeError);
  });

  it('formats counts like toLocaleString("en-US")', () => {
    for (const n of [0, 1, 999, 1000, 1234567, -42]) expect(formatCount(n)).toBe(n.toLocaleString('en-US'));
  });
});
