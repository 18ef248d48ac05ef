import { addDays } from '@/lib/places/status';
import { greatCircleMeters } from './legs/great-circle';
import type { Leg, LonLat } from './legs/types';
import type { TripStop } from './model';

type PlannedStop = Pick<TripStop, 'lon' | 'lat' | 'arrivalDate' | 'nights'>;

/** A stop's arrival date against the day the plan reaches it: `early` leaves spare days, `late` misses the date. */
export interface DateMismatch {
  stopIndex: number;
  /** The day the plan reaches the stop at this pace. */
  reached: string;
  /** The stop's own arrival date. */
  arrival: string;
  kind: 'early' | 'late';
  days: number;
}

export interface DayPlan {
  /** The day of the trip (1 is the first), counting the days spent at stops. */
  day: number;
  /** Its date, when the stops' dates tell it. */
  date: string | null;
  drivingSeconds: number;
  /** Where the day's driving ends: a point on a leg, or a stop. */
  endsAt: LonLat;
  /** The day ends at this stop (the last one, or one with nights planned): no overnight to find. */
  endStopIndex: number | null;
  /** Mid-leg ends: an overnight stop found here belongs after this stop (inserted at this index + 1). */
  afterStopIndex: number;
  /** Dated stops reached this day on another day than their arrival date. */
  mismatches: DateMismatch[];
}

/** Whole days at a stop with no driving: the nights planned there after the first (and all of them at the start). */
export interface RestDays {
  stopIndex: number;
  firstDay: number;
  lastDay: number;
  firstDate: string | null;
  lastDate: string | null;
}

type DriveEntry = { kind: 'drive' } & DayPlan;
export type PlanEntry = DriveEntry | ({ kind: 'rest' } & RestDays);

export interface TripPlan {
  entries: PlanEntry[];
  drivingDays: number;
  restDays: number;
  /** Every night of the trip: those planned at stops and one for each day that ends on the way. */
  nights: number;
  /** Of those, the nights at the end of a driving day on the way, which no stop plans (the trip's total leaves them out). */
  roadNights: number;
}

const HOUR = 3600;

/**
 * A last stretch shorter than this joins the day before rather than making a day of its own ("Day 3: 6 min
 * driving"): an hour, or a quarter of the daily limit when days are short, so a day runs over by little.
 */
export function foldBelow(maxDrivingSeconds: number): number {
  return Math.min(HOUR, maxDrivingSeconds / 4);
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
const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/** Where the driving stands `seconds` into the legs from `first` on: the leg it is on, and the point reached. */
function pointAt(legs: Leg[], first: number, seconds: number): { leg: number; at: LonLat } {
  let start = 0;
  for (let i = first; i < legs.length; i++) {
    const duration = legs[i].durationSeconds;
    if (seconds <= start + duration || i === legs.length - 1) {
      const [lon, lat] = pointAlong(legs[i].geometry, duration ? (seconds - start) / duration : 1);
      return { leg: i, at: [wrap(lon), lat] };
    }
    start += duration;
  }
  throw new Error('no legs');
}

/**
 * The trip as days: driving days of at most `maxDrivingSeconds`, and the days spent at stops. A stop with nights
 * planned is where a driving day ends and the traveler rests (its nights after the first are days without driving);
 * between such stops the driving is cut where the time runs out, and an overnight is to be found there. A short last
 * stretch joins the day before (foldBelow). The days are dated from the first dated stop (backwards before it); a
 * stop reached on another day than its arrival date says so, and the dates after it follow the stop's own (a late
 * arrival cannot be undone, so then they follow the plan).
 */
export function planTrip(stops: PlannedStop[], legs: Leg[], maxDrivingSeconds: number): TripPlan {
  const entries: PlanEntry[] = [];
  if (maxDrivingSeconds <= 0 || legs.length === 0 || legs.length !== stops.length - 1) return { entries, drivingDays: 0, restDays: 0, nights: 0, roadNights: 0 };
  // Dates: known once a dated stop is met; the trip's first day's date, then.
  let firstDate: string | null = null;
  const dateOf = (day: number) => (firstDate ? addDays(firstDate, day - 1) : null);
  const rest = (stopIndex: number, firstDay: number, lastDay: number) => {
    if (lastDay >= firstDay) entries.push({ kind: 'rest', stopIndex, firstDay, lastDay, firstDate: null, lastDate: null });
  };

  // The first stop's nights are days there before any driving.
  rest(0, 1, stops[0].nights);
  if (stops[0].arrivalDate) firstDate = stops[0].arrivalDate;
  let day = stops[0].nights + 1;

  let from = 0;
  while (from < stops.length - 1) {
    let to = from + 1;
    while (to < stops.length - 1 && stops[to].nights === 0) to++;
    const stretch = legs.slice(from, to);
    const total = stretch.reduce((sum, l) => sum + l.durationSeconds, 0);
    let cuts = total > maxDrivingSeconds ? Math.ceil(total / maxDrivingSeconds - 1e-9) - 1 : 0;
    if (cuts > 0 && total - cuts * maxDrivingSeconds < foldBelow(maxDrivingSeconds)) cuts--;

    const firstDay = day;
    const days: DriveEntry[] = [];
    for (let k = 1; k <= cuts; k++) {
      const { leg, at } = pointAt(legs, from, k * maxDrivingSeconds);
      days.push({ kind: 'drive', day: day++, date: null, drivingSeconds: maxDrivingSeconds, endsAt: at, endStopIndex: null, afterStopIndex: leg, mismatches: [] });
    }
    days.push({ kind: 'drive', day, date: null, drivingSeconds: total - cuts * maxDrivingSeconds, endsAt: [stops[to].lon, stops[to].lat], endStopIndex: to, afterStopIndex: to, mismatches: [] });
    entries.push(...days);

    // Dated stops on the way (passed the day the driving reaches them) and at the end, against the plan's days.
    let reachedAt = 0;
    for (let s = from + 1; s <= to; s++) {
      reachedAt += legs[s - 1].durationSeconds;
      const date = stops[s].arrivalDate;
      if (!date) continue;
      const index = s === to ? days.length - 1 : Math.min(cuts, Math.max(0, Math.ceil(reachedAt / maxDrivingSeconds - 1e-9) - 1));
      // The first date met dates the whole trip, the days before it included.
      firstDate ??= addDays(date, 1 - (firstDay + index));
      const reached = dateOf(firstDay + index)!;
      const off = daysBetween(reached, date);
      if (off === 0) continue;
      days[index].mismatches.push({ stopIndex: s, reached, arrival: date, kind: off > 0 ? 'early' : 'late', days: Math.abs(off) });
      // Spare days before the stop's date: the traveler is there from its date on, and the days after follow it.
      if (s === to && off > 0) day += off;
    }

    rest(to, day + 1, day + stops[to].nights - 1);
    day += Math.max(1, stops[to].nights);
    from = to;
  }

  for (const entry of entries) {
    if (entry.kind === 'drive') entry.date = dateOf(entry.day);
    else {
      entry.firstDate = dateOf(entry.firstDay);
      entry.lastDate = dateOf(entry.lastDay);
    }
  }
  const driving = entries.filter((e) => e.kind === 'drive');
  const roadNights = driving.filter((d) => d.endStopIndex === null).length;
  return {
    entries,
    drivingDays: driving.length,
    restDays: entries.reduce((sum, e) => sum + (e.kind === 'rest' ? e.lastDay - e.firstDay + 1 : 0), 0),
    nights: stops.reduce((sum, s) => sum + s.nights, 0) + roadNights,
    roadNights,
  };
}

/** The driving days alone. */
export function planDays(stops: PlannedStop[], legs: Leg[], maxDrivingSeconds: number): DayPlan[] {
  return planTrip(stops, legs, maxDrivingSeconds).entries.flatMap(({ kind, ...entry }) => (kind === 'drive' ? [entry as DayPlan] : []));
}
