'use client';

import { useQuery } from '@tanstack/react-query';
import { localDate } from '@/lib/explorer/closures';
import { CLOSURES_UNCHECKED, closureWarning, pastDateWarning } from '@/lib/trips/closure-warning';
import type { TripStop } from '@/lib/trips/model';
import { orderWarning } from '@/lib/trips/stay-dates';
import { stopPlaceQuery } from '@/lib/trips/stop-place-query';
import { useBrowserValue } from '@/components/ui/use-browser-value';

/** The browser's own date; the server's render, in its own time zone, says nothing about the past. */
const browserToday = () => localDate(new Date(), Intl.DateTimeFormat().resolvedOptions().timeZone);

/**
 * What the traveler should know about a stop's dates: an arrival date that has passed (by the browser's own date),
 * else one before the traveler leaves the stop before it, else whether a place stop will be closed during the stay,
 * from the place's own hours and closures (or that they could not be read).
 */
export function useStopWarning(stop: TripStop, previous: TripStop | null = null): string | null {
  const enabled = stop.kind === 'place' && stop.placeId !== null && stop.arrivalDate !== null;
  const place = useQuery({ ...stopPlaceQuery(stop.placeId), enabled });
  const today = useBrowserValue<string | null>(browserToday, null);
  const past = today === null ? null : pastDateWarning(stop.arrivalDate, today);
  if (past) return past;
  const order = orderWarning(previous, stop);
  if (order) return order;
  if (!enabled) return null;
  if (place.data) return closureWarning(place.data, stop.arrivalDate, stop.nights);
  return place.isError ? CLOSURES_UNCHECKED : null;
}
