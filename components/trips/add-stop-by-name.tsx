'use client';

import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { GoToBox } from '@/components/explorer/go-to-box';
import { accountQuery } from '@/lib/explorer/queries/account-query';
import type { Destination } from '@/lib/gazetteer/destination';
import { destinationLabel } from '@/lib/gazetteer/nearby';
import type { TripStop } from '@/lib/trips/model';

interface Props {
  stops: TripStop[];
  onAdd: (shown: TripStop[], found: { placeId?: number; name: string; lon: number; lat: number }) => unknown;
}

/**
 * "Add a stop": a town, a park, a state or one of the Explorer's places by name, from the same gazetteer and places
 * as the Explorer's Go to, added at its place on the way (trip-edits.ts `addOnTheWay`), by keyboard or pointer.
 */
export function AddStopByName({ stops, onAdd }: Props) {
  const account = useQuery(accountQuery()).data;
  const last = stops.at(-1);
  const near = useMemo(() => (last ? { lon: last.lon, lat: last.lat } : undefined), [last]);
  const onGo = useCallback(
    // A town is named with its state or country ("Springdale, UT"): there are many of most names.
    (entry: Destination) => void onAdd(stops, { placeId: entry.kind === 'place' ? entry.placeId : undefined, name: destinationLabel(entry), lon: entry.lon, lat: entry.lat }),
    [onAdd, stops],
  );
  if (!account) return null;
  return (
    <GoToBox
      account={account}
      onGo={onGo}
      near={near}
      label="Add a stop"
      placeholder="A town, park or place"
      done={(where) => `Added ${where} to the trip.`}
      clearOnChoose
      className="rounded-xl border border-slate-200 bg-white p-3"
      testId="add-stop-by-name"
    />
  );
}
