/**
 * Opening hours as owners type them ("9am-5pm", "9:30 - 17:00", "noon to 6 pm, 7pm-midnight", "closed") read into
 * the Place API's `HH:MM-HH:MM` intervals, or a sentence saying what is wrong with them.
 */

const DAY_MINUTES = 24 * 60;

/** `hh:mm` of minutes since midnight; 1440 is `24:00`, the end of a day. */
export const clockOf = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

const TIME = /^(\d{1,2})(?:[:.h]?(\d{2}))?\s*(am|a\.m\.|a|pm|p\.m\.|p)?$/;

/** Minutes since midnight of one typed time; `end` reads midnight as the end of the day. Null when it is not a time. */
function readTime(typed: string, end: boolean): number | null {
  const t = typed.trim().toLowerCase();
  if (t === 'noon') return 12 * 60;
  if (t === 'midnight') return end ? DAY_MINUTES : 0;
  const m = TIME.exec(t);
  if (!m) return null;
  let hours = Number(m[1]);
  const minutes = m[2] === undefined ? 0 : Number(m[2]);
  if (minutes > 59) return null;
  const meridiem = m[3]?.[0];
  if (meridiem) {
    if (hours < 1 || hours > 12) return null;
    hours = (hours % 12) + (meridiem === 'p' ? 12 : 0);
  } else if (hours > 24 || (hours === 24 && minutes > 0)) return null;
  const at = hours * 60 + minutes;
  if (end && at === 0) return DAY_MINUTES;
  return at;
}

export type TypedDay = { ok: true; intervals: string[] } | { ok: false; message: string };

/**
 * One day's hours as typed: intervals separated by commas or semicolons, each "<from> - <to>" (or "to", an en dash);
 * empty, "closed" or "-" for a day closed; "24 hours" for a day open throughout. Intervals are sorted; ones that
 * overlap, end before they start or are not times are refused with the interval named.
 */
export function readTypedDay(typed: string): TypedDay {
  const text = typed.trim().toLowerCase();
  if (text === '' || text === 'closed' || text === '-') return { ok: true, intervals: [] };
  if (text === '24 hours' || text === '24h' || text === 'open 24 hours') return { ok: true, intervals: ['00:00-24:00'] };
  const spans: [number, number][] = [];
  for (const part of text.split(/[,;]/)) {
    const interval = part.trim();
    const ends = interval.split(/\s*(?:-|–|—|\bto\b)\s*/);
    if (ends.length !== 2) return { ok: false, message: `"${part.trim()}" is not a span of time: write it like 9:00-17:00 or 9am-5pm` };
    const from = readTime(ends[0], false);
    let to = readTime(ends[1], true);
    if (from === null || to === null) return { ok: false, message: `"${part.trim()}" is not a span of time: write it like 9:00-17:00 or 9am-5pm` };
    // "9-5", "9am-5" and "10-2" are a working day to most people: an end without am or pm before the start is in the afternoon.
    if (to <= from && !/[ap]/.test(ends[1]) && to < 12 * 60 && to + 12 * 60 > from) to += 12 * 60;
    if (to <= from) {
      return { ok: false, message: `"${part.trim()}" ends before it starts: a span past midnight is two, ${clockOf(from)}-24:00 and 00:00-${clockOf(to)} the next day` };
    }
    spans.push([from, to]);
  }
  spans.sort((a, b) => a[0] - b[0]);
  for (let i = 1; i < spans.length; i++) {
    if (spans[i][0] < spans[i - 1][1]) {
      return { ok: false, message: `${clockOf(spans[i - 1][0])}-${clockOf(spans[i - 1][1])} and ${clockOf(spans[i][0])}-${clockOf(spans[i][1])} overlap` };
    }
  }
  return { ok: true, intervals: spans.map(([from, to]) => `${clockOf(from)}-${clockOf(to)}`) };
}

/** A stored day's intervals as an owner reads them in the form ("09:00-12:00, 13:00-17:00", or "closed"). */
export function typedDayOf(intervals: string[]): string {
  return intervals.length ? intervals.join(', ') : 'closed';
}

