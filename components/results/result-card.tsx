'use client';

import { memo } from 'react';
import { formatDistance, type Units } from '@/lib/explorer/geo';
import type { PlaceListItem } from '@/lib/explorer/types';
import { PlaceIcon } from '@/components/ui/place-icon';
import { AddToTrip } from '@/components/trips/add-to-trip';
import { ClosureBadge, OpenBadge, Rating } from './status-badges';

interface Props {
  place: PlaceListItem;
  units: Units;
  now: Date;
  highlighted: boolean;
  selected: boolean;
  onHover: (id: number | null) => void;
  onSelect: (id: number) => void;
}

/** Memoized: hovering one result, or moving the map, re-renders only the cards whose props changed. */
export const ResultCard = memo(function ResultCard({ place, units, now, highlighted, selected, onHover, onSelect }: Props) {
  const card = (
    <button
      type="button"
      data-place-id={place.id}
      aria-current={selected ? 'true' : undefined}
      onClick={() => onSelect(place.id)}
      onMouseEnter={() => onHover(place.id)}
      onMouseLeave={() => onHover(null)}
      onFocus={() => onHover(place.id)}
      onBlur={() => onHover(null)}
      className="flex min-w-0 flex-1 gap-3 px-4 py-3 text-left focus-visible:outline-offset-[-4px]"
    >
      <PlaceIcon icon={place.icon} />
      <span className="min-w-0 flex-1">
        <span className="flex items-baseline justify-between gap-2">
          <span className="truncate font-medium text-ink">{place.name}</span>
          {place.distance !== undefined && <span className="shrink-0 text-xs text-slate-600">{formatDistance(place.distance, units)}</span>}
        </span>
        {place.subtitle && <span className="block truncate text-sm text-slate-600">{place.subtitle}</span>}
        <span className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1">
          <Rating place={place} />
          <OpenBadge place={place} now={now} />
          <ClosureBadge place={place} now={now} />
        </span>
      </span>
    </button>
  );
  return (
    <li>
      <AddToTrip
        placeId={place.id}
        placeName={place.name}
        card={card}
        cardRowClassName={`transition-colors ${selected ? 'bg-brand-50 shadow-[inset_3px_0_0_var(--color-brand-600)]' : highlighted ? 'bg-amber-50' : 'hover:bg-slate-50'}`}
      />
    </li>
  );
});
