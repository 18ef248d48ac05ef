'use client';

import { useQuery } from '@tanstack/react-query';
import { localityOf } from '@/lib/explorer/locality';
import type { TripStop } from '@/lib/trips/model';
import { stopPlaceQuery } from '@/lib/trips/stop-place-query';

/**
 * A place stop's town and region ("Moab, UT"): kept with the stop since it was added; a stop saved before that asks
 * the Place API (the same read as its warnings). Empty for custom points, and until known.
 */
export function useStopLocality(stop: TripStop): string {
  const ask = stop.kind === 'place' && stop.placeId !== null && stop.locality === undefined;
  const place = useQuery({ ...stopPlaceQuery(stop.placeId), enabled: ask });
  if (stop.locality !== undefined) return stop.locality;
  return ask && place.data ? localityOf(place.data.locations?.[0]) : '';
}
