import { useQuery } from '@tanstack/react-query';
import dynamic from 'next/dynamic';
import { accountQuery } from '@/lib/explorer/queries/account-query';
import type { PlaceListItem } from '@/lib/explorer/types';
import type { TripStop } from '@/lib/trips/model';
import type { RouteLine } from '@/lib/trips/route-line';
import { useUnits } from '@/components/units/units-context';
import { AlongPlaceAction, DRAWER_FOOT } from './along-place-action';

const PlaceDrawer = dynamic(() => import('@/components/place/place-drawer').then((m) => m.PlaceDrawer));

interface Props {
  /** The place open, if any. */
  openPlace: number | null;
  /** The places found along the trip: one of them opened offers to be added where it falls on the way. */
  found: PlaceListItem[];
  stops: TripStop[];
  line: RouteLine;
  onClose: () => void;
  onFit: (bounds: [[number, number], [number, number]]) => void;
  /** Absent where the trip is read-only: the drawer then offers nothing to add. */
  onAdd?: (placeId: number, at: number) => void;
}

/** The place opened from the trip map, over the screen, once the account it is read with is known; a stop says which it is. */
export function TripPlaceDrawer({ openPlace, found, stops, line, onClose, onFit, onAdd }: Props) {
  const { units } = useUnits();
  const account = useQuery(accountQuery()).data;
  const opened = openPlace === null ? undefined : found.find((p) => p.id === openPlace);
  if (openPlace === null || account === undefined) return null;
  const stopAt = stops.findIndex((s) => s.placeId === openPlace);
  // A stop of the trip is said to be one: "Add to trip" would only invite it twice. A place found along the trip keeps
  // its own button, which says "On the trip" once added (the keyboard stays on it).
  const footer =
    opened && onAdd ? (
      <AlongPlaceAction place={opened} stops={stops} line={line} onAdd={onAdd} variant="drawer" />
    ) : stopAt >= 0 ? (
      <p className={`${DRAWER_FOOT} text-slate-700`} data-testid="stop-of-trip">
        Stop {stopAt + 1} of this trip.
      </p>
    ) : undefined;
  return (
    <PlaceDrawer
      id={openPlace}
      account={account}
      units={units}
      placement="screen"
      onClose={onClose}
      onFit={onFit}
      footer={footer}
    />
  );
}
