import OpeningHours from 'opening_hours';
import type { PlaceRecord } from '../place-schema';

type Schedule = PlaceRecord['hours'][string];
type Closure = PlaceRecord['temporary_closures'][number];
type Hours = PlaceRecord['hours'];

/**
 * How an `opening_hours` value fared: read into a schedule, absent, or left out and counted: `unreadable` (the
 * library refuses it) or `corrected` (the library reads it only by guessing, e.g. `Mo-Fr 8-5` as 08:00 to 05:00 the
 * next morning: any warning counts).
 */
export type HoursOutcome = 'read' | 'absent' | 'unreadable' | 'corrected';

const DAY_KEYS = ['sun_open_close', 'mon_open_close', 'tue_open_close', 'wed_open_close', 'thu_open_close', 'fri_open_close', 'sat_open_close'] as const;

/**
 * Two reference weeks, Monday to Sunday, without a public holiday or a daylight-saving change in the zones the
 * product serves: a winter week gives `<default>`, a summer week gives `summer` when the value's seasons make it
 * differ (a campground open May to October is closed all week in `<default>` and open in `summer`).
 */
const WINTER_WEEK: [number, number, number] = [2026, 0, 12];
const SUMMER_WEEK: [number, number, number] = [2026, 6, 13];

const pad = (n: number) => String(n).padStart(2, '0');
const clock = (d: Date) => `${pad(d.getHours())}:${pad(d.getMinutes())}`;

/**
 * One week of a parsed value. The library evaluates in the process's own clock: local dates in, local fields out,
 * so the week reads the same whatever the machine's zone (neither week has a change of clock).
 */
function weekOf(oh: OpeningHours, [year, month, monday]: [number, number, number]): Schedule {
  const schedule = Object.fromEntries(DAY_KEYS.map((k) => [k, [] as string[]])) as unknown as Schedule;
  for (let i = 0; i < 7; i++) {
    const start = new Date(year, month, monday + i);
    const end = new Date(year, month, monday + i + 1);
    const day = DAY_KEYS[start.getDay()];
    for (const [from, to, unknown] of oh.getOpenIntervals(start, end)) {
      if (unknown) continue;
      const close = to.getTime() >= end.getTime() ? '24:00' : clock(to);
      if (close !== clock(from)) schedule[day].push(`${clock(from)}-${close}`);
    }
  }
  return schedule;
}

const sameWeek = (a: Schedule, b: Schedule) => DAY_KEYS.every((k) => a[k].join() === b[k].join());

/** A closed season shorter than this is not a closure (a place closed on Mondays is not closed for the season). */
const MIN_CLOSED_DAYS = 7;
const SEASON_LOOKAHEAD_DAYS = 400;
const isoOf = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

/**
 * The closed seasons of a seasonal value from `today` on (a campground open April to October is closed from
 * November to March): runs of a week or more without an open hour, as temporary closures, which drive the status
 * and the trips' closure warnings.
 */
function closedSeasons(oh: OpeningHours, today: string): Closure[] {
  const [year, month, day] = today.split('-').map(Number);
  const closures: Closure[] = [];
  let runStart: Date | null = null;
  let runDays = 0;
  const close = (last: Date) => {
    if (runStart && runDays >= MIN_CLOSED_DAYS) {
      closures.push({ id: closures.length + 1, start_date: isoOf(runStart), end_date: isoOf(last), reason: 'Closed for the season' });
    }
    runStart = null;
    runDays = 0;
  };
  for (let i = 0; i < SEASON_LOOKAHEAD_DAYS; i++) {
    const start = new Date(year, month - 1, day + i);
    const open = oh.getOpenDuration(start, new Date(year, month - 1, day + i + 1))[0] > 0;
    if (open) close(new Date(year, month - 1, day + i - 1));
    else {
      runStart ??= start;
      runDays++;
    }
  }
  // A season still closed at the end of the lookahead is left out: its end is not known.
  return closures;
}

export interface OsmHours {
  hours: Hours;
  /** Closed seasons ahead, for seasonal values. */
  closures: Closure[];
  outcome: HoursOutcome;
}

const cache = new Map<string, OsmHours>();
const CACHE_LIMIT = 20_000;

/**
 * The spec's schedules from an OpenStreetMap `opening_hours` value, through the OSM community's parser. A value it
 * cannot read, or reads only with a warning, leaves the hours empty (`{}`: not known), never guessed.
 */
export function hoursFromOsm(value: string | undefined, where: { country: string; state: string; today: string }): OsmHours {
  if (!value?.trim()) return { hours: {} as Hours, closures: [], outcome: 'absent' };
  const key = `${where.country}|${where.state}|${where.today}|${value}`;
  const known = cache.get(key);
  if (known) return known;
  let result: OsmHours;
  try {
    const oh = new OpeningHours(value, { lat: 0, lon: 0, address: { country_code: where.country.toLowerCase(), state: where.state } });
    if (oh.getWarnings().length) {
      result = { hours: {} as Hours, closures: [], outcome: 'corrected' };
    } else {
      const winter = weekOf(oh, WINTER_WEEK);
      const summer = weekOf(oh, SUMMER_WEEK);
      const seasonal = !sameWeek(winter, summer);
      result = {
        hours: (seasonal ? { '<default>': winter, summer } : { '<default>': winter }) as Hours,
        closures: seasonal ? closedSeasons(oh, where.today) : [],
        outcome: 'read',
      };
    }
  } catch {
    result = { hours: {} as Hours, closures: [], outcome: 'unreadable' };
  }
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(key, result);
  return result;
}
