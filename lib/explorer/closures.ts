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

/**
 * The drawer's status line. The API's `changes_at` is the first day things change: for a place not operating normally,
 * the day it reopens, so the line names the day before it ("until Dec 8"), the same last day as the closure's badge;
 * for a place operating normally, a change is named only when it is still ahead.
 */
export function statusLine(status: { operating_normally?: boolean; reason?: string; changes_at?: string }, today: string): string {
  const closed = status.operating_normally === false;
  const head = closed ? 'Not operating normally' : 'Operating normally';
  const reason = status.reason ? `: ${status.reason}` : '';
  let when = '';
  if (status.changes_at && closed) {
    when = ` (until ${formatDate(addDays(status.changes_at, -1))})`;
  } else if (status.changes_at && status.changes_at > today) {
    when = ` (changes on ${formatDate(status.changes_at)})`;
  }
  return `${head}${reason}${when}`;
}
