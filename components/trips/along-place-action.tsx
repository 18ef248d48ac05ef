'use client';

import type { PlaceListItem } from '@/lib/explorer/types';
import type { TripStop } from '@/lib/trips/model';
import { insertIndexAt, type RouteLine } from '@/lib/trips/route-line';

/** The foot of a place's drawer on the trip page, under its details. */
export const DRAWER_FOOT = 'shrink-0 border-t border-slate-200 bg-white px-5 py-3 text-sm';

interface Props {
  place: PlaceListItem;
  stops: TripStop[];
  /** The line the place was found along: its `route_offset` is measured on it. */
  line: RouteLine;
  onAdd: (placeId: number, atIndex: number) => void;
  /** In the drawer's foot, a full button; in the list, a quiet one beside the place. */
  variant?: 'list' | 'drawer';
}

/** A place found along the trip: "Add after <the stop before it>", or that it is on the trip already. */
export function AlongPlaceAction({ place, stops, line, onAdd, variant = 'list' }: Props) {
  const drawer = variant === 'drawer';
  const onTrip = stops.some((s) => s.placeId === place.id);
  const at = insertIndexAt(line.stopOffsets, place.route_offset ?? 0);
  const after = stops[at - 1]?.name ?? '';
  // Once added, the same button says so and does nothing: the keyboard stays on it instead of falling to the page.
  const content = (
    <button
      type="button"
      onClick={onTrip ? undefined : () => onAdd(place.id, at)}
      aria-disabled={onTrip || undefined}
      aria-label={onTrip ? undefined : `Add after ${after}: ${place.name}`}
      className={
        onTrip
          ? `shrink-0 rounded-md px-2 py-1 ${drawer ? 'font-medium text-slate-700' : 'text-slate-600'}`
          : drawer
            ? 'flex max-w-full rounded-md bg-brand-600 px-3 py-1.5 font-medium text-white hover:bg-brand-700'
            : 'flex min-w-0 max-w-full rounded-md px-2 py-1 font-medium text-brand-700 hover:bg-brand-50'
      }
    >
      <span className="truncate">{onTrip ? 'On the trip' : `Add after ${after}`}</span>
    </button>
  );
  return drawer ? (
    <div className={DRAWER_FOOT} data-testid="along-place-action">
      {content}
    </div>
  ) : (
    content
  );
}
