import { formatDate } from '@/lib/explorer/closures';
import { DAY_NAMES, DAYS, DEFAULT_SCHEDULE } from '@/lib/explorer/hours';
import type { Place } from '@/lib/explorer/types';

/**
 * Why a place will be closed on a planned arrival date, or null when nothing says so: a temporary (or seasonal, or
 * permanent) closure covering that day, else a weekly schedule with no opening hours on that weekday.
 */
export function closureWarning(place: Partial<Pick<Place, 'temporary_closures' | 'hours'>>, arrivalDate: string | null): string | null {
  if (!arrivalDate) return null;
  const closure = (place.temporary_closures ?? []).find((c) => c.start_date <= arrivalDate && arrivalDate <= c.end_date);
  if (closure) {
    const until = closure.end_date >= '9999' ? 'for good' : `until ${formatDate(closure.end_date)}`;
    return `Closed on ${formatDate(arrivalDate)} (${until})${closure.reason ? `: ${closure.reason}` : ''}`;
  }
  const schedule = place.hours?.[DEFAULT_SCHEDULE];
  if (!schedule || !DAYS.some((d) => schedule[`${d}_open_close`] !== undefined)) return null;
  const day = DAYS[new Date(`${arrivalDate}T12:00:00Z`).getUTCDay()];
  const open = schedule[`${day}_open_close`] ?? [];
  return open.length === 0 ? `Closed on ${DAY_NAMES[day]}s: you arrive ${formatDate(arrivalDate)}` : null;
}
