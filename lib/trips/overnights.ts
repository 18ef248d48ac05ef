import { greatCircleMeters } from './legs/great-circle';
import type { Leg, LonLat } from './legs/types';
import type { TripStop } from './model';

export interface DayPlan {
  day: number;
  drivingSeconds: number;
  /** Where the day's driving ends: a point on a leg, or a stop. */
  endsAt: LonLat;
  /** The day ends at this stop (the last one, or one with nights planned): no overnight to find. */
  endStopIndex: number | null;
  /** Mid-leg ends: an overnight stop found here belongs after this stop (inserted at this index + 1). */
  afterStopIndex: number;
}

/** The point `fraction` of the way along a leg's drawn line, measured by distance. */
export function pointAlong(geometry: LonLat[], fraction: number): LonLat {
  if (geometry.length === 1 || fraction <= 0) return geometry[0];
  const lengths = geometry.slice(1).map((p, i) => greatCircleMeters(geometry[i], p));
  let remaining = Math.min(1, fraction) * lengths.reduce((a, b) => a + b, 0);
  for (let i = 0; i < lengths.length; i++) {
    if (remaining <= lengths[i] || i === lengths.length - 1) {
      const t = lengths[i] ? Math.min(1, remaining / lengths[i]) : 0;
      const [a, b] = [geometry[i], geometry[i + 1]];
      return [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t];
    }
    remaining -= lengths[i];
  }
  return geometry[geometry.length - 1];
}

const wrap = (lon: number) => ((((lon + 180) % 360) + 360) % 360) - 180;

/**
 * Cuts the trip into driving days of at most `maxDrivingSeconds`. A stop with nights planned ends its day; a day
 * that runs out of time mid-leg ends at the point reached, where an overnight stop is to be found.
 */
export function planDays(stops: TripStop[], legs: Leg[], maxDrivingSeconds: number): DayPlan[] {
  if (maxDrivingSeconds <= 0 || legs.length === 0) return [];
  const days: DayPlan[] = [];
  let driven = 0;
  for (let i = 0; i < legs.length; i++) {
    const leg = legs[i];
    let done = 0;
    while (leg.durationSeconds - done > maxDrivingSeconds - driven + 1e-6) {
      done += maxDrivingSeconds - driven;
      const [lon, lat] = pointAlong(leg.geometry, done / leg.durationSeconds);
      days.push({ day: days.length + 1, drivingSeconds: maxDrivingSeconds, endsAt: [wrap(lon), lat], endStopIndex: null, afterStopIndex: i });
      driven = 0;
    }
    driven += leg.durationSeconds - done;
    const arrived = i + 1;
    if (arrived === stops.length - 1 || stops[arrived].nights > 0) {
      days.push({ day: days.length + 1, drivingSeconds: driven, endsAt: [stops[arrived].lon, stops[arrived].lat], endStopIndex: arrived, afterStopIndex: arrived });
      driven = 0;
    }
  }
  return days;
}
