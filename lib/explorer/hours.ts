import { dateTimeFormat } from './intl-cache';
import type { DayKey, Schedule } from './types';

export const DAYS: DayKey[] = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];
export const DAY_NAMES: Record<DayKey, string> = { sun: 'Sunday', mon: 'Monday', tue: 'Tuesday', wed: 'Wednesday', thu: 'Thursday', fri: 'Friday', sat: 'Saturday' };
export const DEFAULT_SCHEDULE = '<default>';

interface Interval {
  start: number;
  end: number;
}

function parseInterval(text: string): Interval | null {
  const m = /^(\d{1,2}):(\d{2})-(\d{1,2}):(\d{2})$/.exec(text.trim());
  if (!m) return null;
  return { start: Number(m[1]) * 60 + Number(m[2]), end: Number(m[3]) * 60 + Number(m[4]) };
}

/** Weekday and minutes since midnight at `now` in the IANA zone (the place's own clock). */
export function localClock(now: Date, timeZone: string): { day: DayKey; minutes: number } {
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = dateTimeFormat('en-US', { timeZone, weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(now);
  } catch {
    parts = dateTimeFormat('en-US', { timeZone: 'UTC', weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(now);
  }
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  const day = get('weekday').slice(0, 3).toLowerCase() as DayKey;
  return { day, minutes: (Number(get('hour')) % 24) * 60 + Number(get('minute')) };
}

/**
 * Whether a schedule is open at `now` in `timeZone`. Intervals ending at or before their start run past
 * midnight (`22:00-02:00`, `00:00-00:00` is all day). Null when the place has no schedule to judge by.
 */
export function isOpenNow(schedule: Schedule | undefined, timeZone: string | undefined, now: Date): boolean | null {
  if (!schedule || !DAYS.some((d) => schedule[`${d}_open_close`] !== undefined)) return null;
  const { day, minutes } = localClock(now, timeZone ?? 'UTC');
  const today = DAYS.indexOf(day);
  const yesterday = DAYS[(today + 6) % 7];
  for (const text of schedule[`${day}_open_close`] ?? []) {
    const i = parseInterval(text);
    if (!i) continue;
    if (i.end > i.start ? minutes >= i.start && minutes < i.end : minutes >= i.start) return true;
  }
  for (const text of schedule[`${yesterday}_open_close`] ?? []) {
    const i = parseInterval(text);
    if (i && i.end <= i.start && minutes < i.end) return true;
  }
  return false;
}

/** Schedule names with `<default>` first, the rest in the order the API gave. */
export function orderedSchedules(hours: Record<string, Schedule> | undefined): [string, Schedule][] {
  const entries = Object.entries(hours ?? {});
  return [...entries.filter(([k]) => k === DEFAULT_SCHEDULE), ...entries.filter(([k]) => k !== DEFAULT_SCHEDULE)];
}

/**
 * When a schedule next opens after `now`, in the place's own clock, as the page says it: "Opens 09:00" today,
 * "Opens Tue 09:00" within the week; null when it has no opening in the next seven days (or no schedule).
 */
export function nextOpening(schedule: Schedule | undefined, timeZone: string | undefined, now: Date): string | null {
  if (!schedule) return null;
  const { day, minutes } = localClock(now, timeZone ?? 'UTC');
  const today = DAYS.indexOf(day);
  for (let ahead = 0; ahead < 7; ahead++) {
    const d = DAYS[(today + ahead) % 7];
    const starts = (schedule[`${d}_open_close`] ?? [])
      .map(parseInterval)
      .filter((i): i is Interval => i !== null && (ahead > 0 || i.start > minutes))
      .map((i) => i.start)
      .sort((a, b) => a - b);
    if (starts.length === 0) continue;
    const time = `${String(Math.floor(starts[0] / 60)).padStart(2, '0')}:${String(starts[0] % 60).padStart(2, '0')}`;
    return ahead === 0 ? `Opens ${time}` : `Opens ${DAY_NAMES[d].slice(0, 3)} ${time}`;
  }
  return null;
}

/** A day's intervals as the page shows them ("09:00–12:00, 13:00–17:00", "Open 24 hours"), or null for none. */
export function formatIntervals(intervals: string[]): string | null {
  if (intervals.length === 0) return null;
  if (intervals.length === 1 && intervals[0] === '00:00-24:00') return 'Open 24 hours';
  return intervals.map((i) => i.replace('-', '–')).join(', ');
}

/** What a schedule is called, and when it applies for the names the dataset uses (docs/openapi: `hours`). */
export function scheduleTitle(name: string): string {
  const known: Record<string, string> = {
    [DEFAULT_SCHEDULE]: 'Regular hours',
    summer: 'Summer hours (June to August)',
    holiday: 'Holiday hours (public holidays)',
    kitchen: 'Kitchen hours',
  };
  return known[name] ?? `${name.replace(/[_-]+/g, ' ').replace(/^\w/, (c) => c.toUpperCase())} hours`;
}

/** Today's intervals in the place's own clock, as the page shows them ("09:00–12:00, 13:00–17:00"), or null. */
export function todaysHours(schedule: Schedule | undefined, timeZone: string | undefined, now: Date): { day: DayKey; text: string | null } {
  const { day } = localClock(now, timeZone ?? 'UTC');
  const intervals = schedule?.[`${day}_open_close`] ?? [];
  return { day, text: formatIntervals(intervals) };
}
