import { describe, expect, it } from 'vitest';
import { greatCircleMeters, greatCircleRouter } from '@/lib/trips/legs/great-circle';
import type { TripStop } from '@/lib/trips/model';
import type { Leg } from '@/lib/trips/legs/types';
import { planSummary } from '@/lib/trips/overnight-words';
import { foldBelow, planDays, planTrip, pointAlong, type DayPlan } from '@/lib/trips/overnights';

const stop = (lon: number, lat: number, nights = 0): TripStop => ({ id: `${lon}`, kind: 'custom', placeId: null, name: `${lon}`, lon, lat, arrivalDate: null, nights, note: '' });
const HOUR = 3600;

describe('overnight planning', () => {
  it('finds the point a given share of the way along a leg', () => {
    const [mid] = [pointAlong([[0, 0], [1, 0], [2, 0]], 0.5)];
    expect(mid[0]).toBeCloseTo(1, 6);
    expect(pointAlong([[0, 0], [2, 0]], 0)).toEqual([0, 0]);
    expect(pointAlong([[0, 0], [2, 0]], 1)).toEqual([2, 0]);
  });

  it('cuts a long leg into driving days, each ending where the time runs out', async () => {
    // About 1,000 km along the equator at 100 km/h: 10 hours; 4 hours a day makes 3 days.
    const stops = [stop(0, 0), stop(8.993, 0)];
    const legs = await greatCircleRouter(100).legs(stops.map((s) => [s.lon, s.lat]));
    const days = planDays(stops, legs, 4 * HOUR);
    expect(days.map((d) => [d.day, d.endStopIndex, d.afterStopIndex])).toEqual([[1, null, 0], [2, null, 0], [3, 1, 1]]);
    expect(days[0].drivingSeconds).toBe(4 * HOUR);
    expect(greatCircleMeters([0, 0], days[0].endsAt) / 1000).toBeCloseTo(400, 0);
    expect(greatCircleMeters([0, 0], days[1].endsAt) / 1000).toBeCloseTo(800, 0);
    expect(days[2].drivingSeconds / HOUR).toBeCloseTo(legs[0].durationSeconds / HOUR - 8, 6);
  });

  it('lets a stop with nights planned end its day, and carries time over between short legs', async () => {
    const stops = [stop(0, 0), stop(1, 0), stop(2, 0, 2), stop(3, 0), stop(4, 0)];
    const legs = await greatCircleRouter(100).legs(stops.map((s) => [s.lon, s.lat]));
    const days = planDays(stops, legs, 10 * HOUR);
    expect(days.map((d) => d.endStopIndex)).toEqual([2, 4]);
    expect(days[0].drivingSeconds).toBeCloseTo(legs[0].durationSeconds + legs[1].durationSeconds, 6);
  });

  it('wraps a day’s end across the antimeridian', async () => {
    const stops = [stop(179, 0), stop(-179, 0)];
    const legs = await greatCircleRouter(100).legs(stops.map((s) => [s.lon, s.lat]));
    const [first] = planDays(stops, legs, legs[0].durationSeconds * 0.75);
    expect(first.endsAt[0]).toBeCloseTo(-179.5, 3);
  });
});

describe('a trip planned as days (issue 40)', () => {
  const at = (lon: number, plan: { nights?: number; arrivalDate?: string } = {}): TripStop => ({ ...stop(lon, 0, plan.nights ?? 0), arrivalDate: plan.arrivalDate ?? null });
  /** Legs of the given hours between stops one degree apart. */
  const legsOf = (...hours: number[]): Leg[] => hours.map((h, i) => ({ distanceMeters: h * 80_000, durationSeconds: h * HOUR, geometry: [[i, 0], [i + 1, 0]] }));
  const summary = (plan: ReturnType<typeof planTrip>) =>
    plan.entries.map((e) => (e.kind === 'drive' ? `${e.day}${e.date ? ` ${e.date}` : ''}: ${(e.drivingSeconds / HOUR).toFixed(1)} h to ${e.endStopIndex ?? `after ${e.afterStopIndex}`}` : `${e.firstDay}-${e.lastDay}${e.firstDate ? ` ${e.firstDate}..${e.lastDate}` : ''}: at ${e.stopIndex}`));

  it('folds a short last stretch into the day before instead of making a day of minutes', () => {
    // 6.1 hours at 3 a day: not "Day 3: 6 min driving" but a second day of 3.1 hours.
    expect(summary(planTrip([at(0), at(1)], legsOf(6.1), 3 * HOUR))).toEqual(['1: 3.0 h to after 0', '2: 3.1 h to 1']);
    // Under an hour, or under a quarter of a short day: 2.4 hours at 2 a day folds, 2.6 does not.
    expect(foldBelow(6 * HOUR)).toBe(HOUR);
    expect(foldBelow(2 * HOUR)).toBe(HOUR / 2);
    expect(planTrip([at(0), at(1)], legsOf(2.4), 2 * HOUR).drivingDays).toBe(1);
    expect(planTrip([at(0), at(1)], legsOf(2.6), 2 * HOUR).drivingDays).toBe(2);
    // A remainder of an hour or more stays a day of its own.
    expect(summary(planTrip([at(0), at(1)], legsOf(7), 6 * HOUR))).toEqual(['1: 6.0 h to after 0', '2: 1.0 h to 1']);
  });

  it('makes the nights planned at stops days of rest, not driving days, and counts every night', () => {
    // Denver, Moab 3 nights, Zion 3 nights, Las Vegas 2 nights: eight nights planned, and one on the way to Moab.
    const plan = planTrip([at(0), at(1, { nights: 3 }), at(2, { nights: 3 }), at(3, { nights: 2 })], legsOf(7.5, 4.5, 2.5), 6 * HOUR);
    expect(summary(plan)).toEqual(['1: 6.0 h to after 0', '2: 1.5 h to 1', '3-4: at 1', '5: 4.5 h to 2', '6-7: at 2', '8: 2.5 h to 3', '9-9: at 3']);
    expect([plan.drivingDays, plan.restDays, plan.nights, plan.roadNights]).toEqual([4, 5, 9, 1]);
    // Issue 49: the summary agrees with the trip's total of 8 nights planned, and says what the ninth is.
    expect(planSummary(plan, '6 h')).toBe('4 driving days at up to 6 h a day, and 5 days at stops without driving: 9 nights (8 planned at stops, 1 on the way).');
    const noStops = planTrip([at(0), at(1)], legsOf(9), 6 * HOUR);
    expect(planSummary(noStops, '6 h')).toBe('2 driving days at up to 6 h a day: 1 night on the way.');
  });

  it('starts after the nights at the first stop, and drives through stops without nights', () => {
    const plan = planTrip([at(0, { nights: 2 }), at(1), at(2)], legsOf(2, 2), 6 * HOUR);
    expect(summary(plan)).toEqual(['1-2: at 0', '3: 4.0 h to 2']);
  });

  it('dates the days from the stops’ dates, backwards too, and says when a stop is reached before or after its date', () => {
    // The first stop dated: each day follows.
    const dated = planTrip([at(0, { arrivalDate: '2026-12-01' }), at(1, { nights: 2 }), at(2)], legsOf(7, 3), 6 * HOUR);
    expect(summary(dated)).toEqual(['1 2026-12-01: 6.0 h to after 0', '2 2026-12-02: 1.0 h to 1', '3-3 2026-12-03..2026-12-03: at 1', '4 2026-12-04: 3.0 h to 2']);
    expect(dated.entries.flatMap((e) => (e.kind === 'drive' ? e.mismatches : []))).toEqual([]);

    // Only a later stop dated: the days before it are dated back from it.
    const back = planTrip([at(0), at(1, { nights: 1, arrivalDate: '2026-12-05' })], legsOf(8), 6 * HOUR);
    expect(summary(back)).toEqual(['1 2026-12-04: 6.0 h to after 0', '2 2026-12-05: 2.0 h to 1']);

    // Reached two days early: said, and the days after follow the stop's own date (there from Dec 3, 2 nights).
    const early = planTrip([at(0, { arrivalDate: '2026-12-01' }), at(1, { nights: 2, arrivalDate: '2026-12-03' }), at(2)], legsOf(3, 3), 6 * HOUR);
    expect(summary(early)).toEqual(['1 2026-12-01: 3.0 h to 1', '4-4 2026-12-04..2026-12-04: at 1', '5 2026-12-05: 3.0 h to 2']);
    expect((early.entries[0] as DayPlan).mismatches).toEqual([{ stopIndex: 1, reached: '2026-12-01', arrival: '2026-12-03', kind: 'early', days: 2 }]);

    // Reached a day late at this pace: said, and the days after follow the plan (a late arrival cannot be undone).
    const late = planTrip([at(0, { arrivalDate: '2026-12-01' }), at(1, { nights: 1, arrivalDate: '2026-12-01' }), at(2)], legsOf(8, 2), 6 * HOUR);
    expect(summary(late)).toEqual(['1 2026-12-01: 6.0 h to after 0', '2 2026-12-02: 2.0 h to 1', '3 2026-12-03: 2.0 h to 2']);
    expect((late.entries[1] as DayPlan).mismatches).toEqual([{ stopIndex: 1, reached: '2026-12-02', arrival: '2026-12-01', kind: 'late', days: 1 }]);

    // A dated stop driven through (no nights) is checked on the day the driving passes it.
    const through = planTrip([at(0, { arrivalDate: '2026-12-01' }), at(1, { arrivalDate: '2026-12-02' }), at(2)], legsOf(4, 6), 6 * HOUR);
    expect((through.entries[0] as DayPlan).mismatches).toEqual([{ stopIndex: 1, reached: '2026-12-01', arrival: '2026-12-02', kind: 'early', days: 1 }]);
  });

  it('plans nothing until the legs are measured', () => {
    expect(planTrip([at(0), at(1), at(2)], [], 6 * HOUR).entries).toEqual([]);
  });
});
