import { describe, expect, it } from 'vitest';
import { tripToIcs } from '@/lib/trips/ics-export';
import type { TripStop } from '@/lib/trips/model';

const stop = (over: Partial<TripStop>): TripStop => ({ id: 's', kind: 'custom', placeId: null, name: 'Stop', lon: 0, lat: 0, arrivalDate: null, nights: 0, note: '', ...over });
const STOPS: TripStop[] = [
  stop({ id: 'a', kind: 'place', placeId: 12, name: 'Moab Camp, "Red" & co', lon: -109.55, lat: 38.57, arrivalDate: '2027-06-10', nights: 3, note: 'Book early', locality: 'Moab, UT' }),
  stop({ id: 'b', name: 'Arches viewpoint', lon: -109.6, lat: 38.7 }),
  stop({ id: 'c', name: 'Zion', lon: -113, lat: 37.2, arrivalDate: '2027-06-13' }),
];
const ics = tripToIcs({ id: 'T1', name: 'Canyons', stops: STOPS }, 'https://trips.example', new Date('2027-01-01T10:00:00Z'));
const events = ics.split('BEGIN:VEVENT').slice(1);

describe('the trip as a calendar', () => {
  it('is one all-day event per dated stop, from arrival to the day the traveler leaves', () => {
    expect(ics).toMatch(/^BEGIN:VCALENDAR\r\nVERSION:2\.0\r\nPRODID:-\/\/Trip Explorer\/\/Trips\/\/EN/);
    expect(ics).toContain('X-WR-CALNAME:Canyons');
    expect(events).toHaveLength(2);
    expect(events[0]).toContain('DTSTART;VALUE=DATE:20270610\r\nDTEND;VALUE=DATE:20270613');
    // No night planned: the arrival day alone.
    expect(events[1]).toContain('DTSTART;VALUE=DATE:20270613\r\nDTEND;VALUE=DATE:20270614');
  });

  it('names the stop, its town and position, its nights and note, and a place\'s page', () => {
    expect(events[0]).toContain('SUMMARY:Moab Camp\\, "Red" & co');
    expect(events[0]).toContain('LOCATION:Moab\\, UT');
    expect(events[0]).toContain('GEO:38.57;-109.55');
    expect(events[0]).toContain('DESCRIPTION:3 nights. Book early');
    expect(events[0]).toContain('URL;VALUE=URI:https://trips.example/?place=12');
    expect(events[0]).toContain('UID:T1-a@trips.example');
    expect(events[1]).toContain('LOCATION:Zion');
    expect(events[1]).not.toContain('URL');
  });

  it('is an empty calendar, still valid, when no stop has a date', () => {
    const empty = tripToIcs({ id: 'T2', name: 'Someday', stops: [STOPS[1]] }, 'https://trips.example');
    expect(empty).toContain('BEGIN:VCALENDAR');
    expect(empty).not.toContain('VEVENT');
  });
});
