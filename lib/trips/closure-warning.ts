import { formatDate } from '@/lib/explorer/closures';
import { DAY_NAMES, DAYS, DEFAULT_SCHEDULE } from '@/lib/explorer/hours';
import type { Place } from '@/lib/explorer/types';
import { addDays } from '@/lib/places/status';

/**
 * Why a place will be closed during a planned stay, or null when nothing says so. The stay is the arrival day and
 * every night after it (`nights` 0: the arrival day alone). A closure (temporary, seasonal or permanent) on the arrival
 * day or on any night of the stay is named with its own dates; else a weekly schedule with no opening hours on the
 * arrival's weekday.
 */
export function closureWarning(place: Partial<Pick<Place, 'temporary_closures' | 'hours'>>, arrivalDate: string | null, nights = 0): string | null {
  if (!arrivalDate) return null;
  const lastNight = addDays(arrivalDate, Math.max(0, nights - 1));
  const closures = [...(place.temporary_closures ?? [])].sort((a, b) => a.start_date.localeCompare(b.start_date));
  const closure = closures.find((c) => c.start_date <= lastNight && arrivalDate <= c.end_date);
  if (closure) {
    const until = closure.end_date >= '9999' ? 'for good' : `until ${formatDate(closure.end_date)}`;
    const reason = closure.reason ? `: ${closure.reason}` : '';
    if (closure.start_date <= arrivalDate) return `Closed on ${formatDate(arrivalDate)} (${until})${reason}`;
    return `Closes on ${formatDate(closure.start_date)}, during your stay (${until})${reason}`;
  }
  const schedule = place.hours?.[DEFAULT_SCHEDULE];
  if (!schedule || !DAYS.some((d) => schedule[`${d}_open_close`] !== undefined)) return null;
  const day = DAYS[new Date(`${arrivalDate}T12:00:00Z`).getUTCDay()];
  const open = schedule[`${day}_open_close`] ?? [];
  return open.length === 0 ? `Closed on ${DAY_NAMES[day]}s: you arrive ${formatDate(arrivalDate)}` : null;
}

/** A planned arrival before `today` (the traveler's own date, YYYY-MM-DD), said plainly; null otherwise. */
export function pastDateWarning(arrivalDate: string | null, today: string): string | null {
  return arrivalDate && arrivalDate < today ? `The arrival date ${formatDate(arrivalDate)} has passed` : null;
}

/** Said in place of a closure warning when the place could not be read: silence would look like an open place. */
export const CLOSURES_UNCHECKED = 'Not checked for closures on your dates: the place could not be loaded (reload the page to try again)';
