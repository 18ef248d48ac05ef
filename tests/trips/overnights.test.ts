import { describe, expect, it } from 'vitest';
import { greatCircleMeters, greatCircleRouter } from '@/lib/trips/legs/great-circle';
import type { TripStop } from '@/lib/trips/model';
import { planDays, pointAlong } from '@/lib/trips/overnights';

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
