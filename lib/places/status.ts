import type { Closure, PlaceStatus } from './place-schema';

export function isoDate(d: Date): string {
  return d.toISOString().slice(0, 10);
}

export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return isoDate(d);
}

/**
 * `status` is derived from `temporary_closures` as of a UTC date (never taken from input):
 * - inside a closure: not operating normally, its reason, changes_at = the day after it ends;
 * - a closure ahead: operating normally, reason announces it, changes_at = its first day;
 * - otherwise: operating normally, empty reason, changes_at = the day after the last closure ended, or
 *   `verifiedOn` (the date the record was last verified) for a place never closed.
 */
export function statusAsOf(closures: Closure[], today: string, verifiedOn: string): PlaceStatus {
  const sorted = [...closures].sort((a, b) => (a.start_date < b.start_date ? -1 : a.start_date > b.start_date ? 1 : a.id - b.id));
  const current = sorted.find((c) => c.start_date <= today && today <= c.end_date);
  if (current) {
    const end = sorted
      .filter((c) => c.start_date <= today)
      .reduce((max, c) => (c.end_date > max && c.start_date <= addDays(max, 1) ? c.end_date : max), current.end_date);
    return { operating_normally: false, reason: current.reason, changes_at: addDays(end, 1) };
  }
  const next = sorted.find((c) => c.start_date > today);
  if (next) {
    return {
      operating_normally: true,
      reason: `Temporarily closed from ${next.start_date} to ${next.end_date}: ${next.reason}`,
      changes_at: next.start_date,
    };
  }
  const last = sorted.reduce<string | null>((max, c) => (max === null || c.end_date > max ? c.end_date : max), null);
  return { operating_normally: true, reason: '', changes_at: last ? addDays(last, 1) : verifiedOn };
}
