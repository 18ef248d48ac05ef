// Issue 40: dates out of order are flagged, and the next arrival follows from the nights.
import { describe, expect, it } from 'vitest';
import { departureDate, orderWarning, planWithNextArrival, withStayInserted } from '@/lib/trips/stay-dates';

const stop = (id: string, arrivalDate: string | null, nights = 0) => ({ id, name: id, arrivalDate, nights, note: '' });

describe('a trip’s dates', () => {
  it('leave a stop its nights after the arrival', () => {
    expect(departureDate(stop('a', '2026-12-30', 3))).toBe('2027-01-02');
    expect(departureDate(stop('a', '2026-12-30', 0))).toBe('2026-12-30');
    expect(departureDate(stop('a', null, 3))).toBeNull();
  });

  it('flag an arrival before the traveler leaves the stop before it', () => {
    expect(orderWarning(stop('Moab', '2026-12-01', 3), stop('Zion', '2026-12-03'))).toBe('Arrives Dec 3, 2026, before you leave Moab on Dec 4, 2026');
    expect(orderWarning(stop('Moab', '2026-12-01', 3), stop('Zion', '2026-12-04'))).toBeNull();
    expect(orderWarning(stop('Moab', '2026-12-01', 0), stop('Zion', '2026-11-30'))).toMatch(/^Arrives Nov 30, 2026, before you leave Moab on Dec 1, 2026$/);
    expect(orderWarning(stop('Moab', null, 3), stop('Zion', '2026-11-30'))).toBeNull();
    expect(orderWarning(null, stop('Zion', '2026-11-30'))).toBeNull();
    expect(orderWarning(stop('Moab', '2026-12-01', 3), stop('Zion', null))).toBeNull();
  });

  it('fill the next stop’s arrival from a plan’s date and nights, never over a date already set', () => {
    const stops = [stop('a', null), stop('b', null), stop('c', '2026-12-20')];
    const planned = planWithNextArrival(stops, 'a', { arrivalDate: '2026-12-01', nights: 2 });
    expect(planned.map((s) => s.arrivalDate)).toEqual(['2026-12-01', '2026-12-03', '2026-12-20']);
    const again = planWithNextArrival(planned, 'b', { nights: 4 });
    expect(again.map((s) => s.arrivalDate)).toEqual(['2026-12-01', '2026-12-03', '2026-12-20']);
    expect(planWithNextArrival(stops, 'c', { nights: 1 }).map((s) => s.arrivalDate)).toEqual([null, null, '2026-12-20']);
    expect(planWithNextArrival(stops, 'a', { note: 'x' }).map((s) => s.arrivalDate)).toEqual([null, null, '2026-12-20']);
  });

  it('move the dates that follow a stop’s departure when its date or nights change, and only those', () => {
    const dated = planWithNextArrival([stop('a', null), stop('b', null)], 'a', { arrivalDate: '2026-12-10' });
    expect(dated.map((s) => s.arrivalDate)).toEqual(['2026-12-10', '2026-12-10']);
    // The nights typed after the date: the guess follows.
    expect(planWithNextArrival(dated, 'a', { nights: 14 }).map((s) => s.arrivalDate)).toEqual(['2026-12-10', '2026-12-24']);

    const chained = [stop('a', '2026-12-01', 2), stop('b', '2026-12-03', 1), stop('c', '2026-12-04', 3), stop('d', '2026-12-20')];
    expect(planWithNextArrival(chained, 'a', { nights: 5 }).map((s) => s.arrivalDate)).toEqual(['2026-12-01', '2026-12-06', '2026-12-07', '2026-12-20']);
    expect(planWithNextArrival(chained, 'a', { arrivalDate: '2026-11-30' }).map((s) => s.arrivalDate)).toEqual(['2026-11-30', '2026-12-02', '2026-12-03', '2026-12-20']);
    // A date of the traveler's own, not the day before it is left, stays.
    const ownDate = [stop('a', '2026-12-01', 2), stop('b', '2026-12-05')];
    expect(planWithNextArrival(ownDate, 'a', { nights: 5 }).map((s) => s.arrivalDate)).toEqual(['2026-12-01', '2026-12-05']);
    // A stop whose date is cleared leaves the next one's date as it was.
    expect(planWithNextArrival(chained, 'a', { arrivalDate: null }).map((s) => s.arrivalDate)).toEqual([null, '2026-12-03', '2026-12-04', '2026-12-20']);
  });

  it('date a night’s stay from the overnight plan on the day it is reached, and move the stops that arrived that day', () => {
    // Denver the 22nd for a night, Moab the 23rd: a night at Grand Junction on the way, the 23rd, puts Moab on the 24th.
    const trip = [stop('Denver', '2026-12-22', 1), stop('Moab', '2026-12-23', 2), stop('Zion', '2026-12-25'), stop('Bryce', '2027-01-10')];
    const stay = { id: 'Grand Junction', name: 'Grand Junction', arrivalDate: null, nights: 1, note: '' };
    const stayed = withStayInserted(trip, 1, stay, '2026-12-23');
    expect(stayed.map((s) => [s.name, s.arrivalDate])).toEqual([
      ['Denver', '2026-12-22'],
      ['Grand Junction', '2026-12-23'],
      ['Moab', '2026-12-24'],
      ['Zion', '2026-12-26'],
      ['Bryce', '2027-01-10'],
    ]);
    // A trip without dates gets the stay without one.
    const undated = withStayInserted([stop('a', null), stop('b', null)], 1, stay, null);
    expect(undated.map((s) => [s.name, s.arrivalDate])).toEqual([['a', null], ['Grand Junction', null], ['b', null]]);
  });
});
