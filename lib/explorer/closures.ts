import { addDays } from '@/lib/places/status';
import { dateTimeFormat } from './intl-cache';
import type { Closure } from './types';

export type ClosurePhase = 'past' | 'current' | 'upcoming';

/** Today's date (YYYY-MM-DD) in an IANA zone. */
export function localDate(now: Date, timeZone: string | undefined): string {
  try {
    return dateTimeFormat('en-CA', { timeZone: timeZone ?? 'UTC', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
  } catch {
    return now.toISOString().slice(0, 10);
  }
}

/** End dates are inclusive: a closure ending today is still current. */
export function closurePhase(closure: Closure, today: string): ClosurePhase {
  if (closure.end_date < today) return 'past';
  if (closure.start_date > today) return 'upcoming';
  return 'current';
}

export function groupClosures(closures: Closure[] | undefined, today: string): Record<ClosurePhase, Closure[]> {
  const groups: Record<ClosurePhase, Closure[]> = { current: [], upcoming: [], past: [] };
  for (const c of [...(closures ?? [])].sort((a, b) => a.start_date.localeCompare(b.start_date))) groups[closurePhase(c, today)].push(c);
  return groups;
}

/** The closure a result's badge shows: a current one, else the next one starting within two weeks. */
export function closureBadge(closures: Closure[] | undefined, today: string): { phase: 'current' | 'upcoming'; closure: Closure } | null {
  const groups = groupClosures(closures, today);
  if (groups.current[0]) return { phase: 'current', closure: groups.current[0] };
  const soon = new Date(`${today}T00:00:00Z`);
  soon.setUTCDate(soon.getUTCDate() + 14);
  const next = groups.upcoming.find((c) => c.start_date <= soon.toISOString().slice(0, 10));
  return next ? { phase: 'upcoming', closure: next } : null;
}

/** `2026-12-04` as `Dec 4, 2026`, without time-zone shifts. */
export function formatDate(isoDate: string): string {
  const d = new Date(`${isoDate}T12:00:00Z`);
  if (Number.isNaN(d.getTime())) return isoDate;
  return dateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(d);
}

/** `Dec 1 – Dec 8, 2026`; the first year is named too when the range crosses one; one day is `Jan 1, 2027`. */
export function formatDateRange(start: string, end: string): string {
  if (start === end) return formatDate(start);
  const first = start.slice(0, 4) === end.slice(0, 4) ? formatDate(start).replace(/, \d{4}$/, '') : formatDate(start);
  return `${first} – ${formatDate(end)}`;
}

/** A closure as the owner's pages list it: `Dec 24 – Dec 26, 2026: Holidays`. */
export const closureInWords = (c: { start_date: string; end_date: string; reason: string }) => `${formatDateRange(c.start_date, c.end_date)}${c.reason ? `: ${c.reason}` : ''}`;

export interface StatusLine {
  text: string;
  /** `normal` open as usual, `ahead` a closure is coming, `closed` closed now. */
  tone: 'normal' | 'ahead' | 'closed';
}

/**
 * The drawer's status line, in words and dates a traveler reads ("Open as usual until Nov 30, 2026, then temporarily
 * closed Dec 1 – Dec 8, 2026: Renovation"), not the API's own `reason`, which spells a closure ahead with ISO dates.
 * The API's `changes_at` is the first day things change: for a place not operating normally, the day it reopens, so
 * the line names the day before it, the same last day as the closure's badge; for one open as usual, a closure is
 * named only while it is ahead.
 */
export function statusLine(status: { operating_normally?: boolean; reason?: string; changes_at?: string }, today: string, closures: Closure[] = []): StatusLine {
  const reason = (text: string | undefined) => (text ? `: ${text}` : '');
  if (status.operating_normally === false) {
    const until = status.changes_at ? ` until ${formatDate(addDays(status.changes_at, -1))}` : '';
    return { text: `Temporarily closed${until}${reason(status.reason)}`, tone: 'closed' };
  }
  // Of a place open as usual, `changes_at` is a closure ahead, or the day its last one ended, or the day it was last
  // verified: both of these fall in the future only because the place's date is behind the server's (UTC).
  const closure = status.changes_at && status.changes_at > today ? closures.find((c) => c.start_date === status.changes_at) : undefined;
  if (!closure) return { text: 'Open as usual', tone: 'normal' };
  const lastUsualDay = `Open as usual until ${formatDate(addDays(closure.start_date, -1))}`;
  return { text: `${lastUsualDay}, then temporarily closed ${formatDateRange(closure.start_date, closure.end_date)}${reason(closure.reason)}`, tone: 'ahead' };
}
