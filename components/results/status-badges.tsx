'use client';

import { closureBadge, formatDate, localDate } from '@/lib/explorer/closures';
import { DEFAULT_SCHEDULE, isOpenNow, nextOpening } from '@/lib/explorer/hours';
import { formatCount } from '@/lib/explorer/intl-cache';
import type { PlaceListItem } from '@/lib/explorer/types';

const badge = 'inline-flex items-center rounded-full px-2 py-0.5 text-[11px] font-semibold';

/**
 * "Open now" only when it is; otherwise when it opens next ("Opens 09:00", "Opens Tue 09:00"), so the word
 * "closed" belongs to temporary closures alone. A current temporary closure wins: the closure badge tells it.
 */
export function OpenBadge({ place, now, schedule = DEFAULT_SCHEDULE }: { place: PlaceListItem; now: Date; schedule?: string }) {
  if (closureBadge(place.temporary_closures, localDate(now, place.time_zone))?.phase === 'current') return null;
  const hours = place.hours?.[schedule];
  const open = isOpenNow(hours, place.time_zone, now);
  if (open) return <span className={`${badge} bg-emerald-100 text-emerald-800`}>Open now</span>;
  const next = open === null ? null : nextOpening(hours, place.time_zone, now);
  return next ? <span className={`${badge} bg-slate-100 text-slate-700`}>{next}</span> : null;
}

export function ClosureBadge({ place, now }: { place: PlaceListItem; now: Date }) {
  const found = closureBadge(place.temporary_closures, localDate(now, place.time_zone));
  if (!found) return null;
  const { phase, closure } = found;
  return (
    <span className={`${badge} ${phase === 'current' ? 'bg-red-100 text-red-800' : 'bg-amber-100 text-amber-900'}`} title={closure.reason}>
      {phase === 'current' ? `Temporarily closed until ${formatDate(closure.end_date)}` : `Closing ${formatDate(closure.start_date)}`}
    </span>
  );
}

export function Rating({ place }: { place: PlaceListItem }) {
  const e = place.engagement;
  if (!e?.rating_count || e.avg_rating === undefined) return <span className="text-xs text-slate-600">No ratings yet</span>;
  return (
    <span className="text-xs text-slate-700">
      <span aria-hidden="true" className="text-amber-500">★</span> {e.avg_rating.toFixed(1)}{' '}
      <span className="text-slate-600">({formatCount(e.rating_count)} {e.rating_count === 1 ? 'rating' : 'ratings'})</span>
    </span>
  );
}
