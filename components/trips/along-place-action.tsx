'use client';

import type { PlaceListItem } from '@/lib/explorer/types';
import { insertIndexForOffset } from '@/lib/trips/along-route';
import type { TripStop } from '@/lib/trips/model';

interface Props {
  place: PlaceListItem;
  stops: TripStop[];
  onAdd: (placeId: number, atIndex: number) => void;
  /** In the drawer's foot, a full button; in the list, a quiet one beside the place. */
  variant?: 'list' | 'drawer';
}

/** A place found along the trip: "Add after <the stop before it>", or that it is on the trip already. */
export function AlongPlaceAction({ place, stops, onAdd, variant = 'list' }: Props) {
  const drawer = variant === 'drawer';
  const onTrip = stops.some((s) => s.placeId === place.id);
  const at = insertIndexForOffset(stops, place.route_offset ?? 0);
  const after = stops[at - 1]?.name ?? '';
  const content = onTrip ? (
    <span className={drawer ? 'font-medium text-slate-700' : 'shrink-0 px-2 py-1 text-slate-600'}>On the trip</span>
  ) : (
    <button
      type="button"
      onClick={() => onAdd(place.id, at)}
      aria-label={`Add after ${after}: ${place.name}`}
      className={
        drawer
          ? 'flex max-w-full rounded-md bg-brand-600 px-3 py-1.5 font-medium text-white hover:bg-brand-700'
          : 'flex min-w-0 max-w-full rounded-md px-2 py-1 font-medium text-brand-700 hover:bg-brand-50'
      }
    >
      <span className="truncate">Add after {after}</span>
    </button>
  );
  return drawer ? (
    <div className="shrink-0 border-t border-slate-200 bg-white px-5 py-3 text-sm" data-testid="along-place-action">
      {content}
    </div>
  ) : (
    content
  );
}
