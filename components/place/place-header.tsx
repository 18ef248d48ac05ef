import { ClosureBadge, OpenBadge, Rating } from '@/components/results/status-badges';
import { PlaceIcon } from '@/components/ui/place-icon';
import { formatDistance, type Units } from '@/lib/explorer/geo';
import { localDate, statusLine, type StatusLine } from '@/lib/explorer/closures';
import { alsoKnownAs } from '@/lib/explorer/place-facts';
import type { Place } from '@/lib/explorer/types';

const STATUS_TONES: Record<StatusLine['tone'], string> = {
  normal: 'bg-emerald-50 text-emerald-900',
  ahead: 'bg-amber-50 text-amber-900',
  closed: 'bg-red-50 text-red-900',
};

/** The place's name, other names, rating and opening badges, distance, and its operating status. */
export function PlaceHeader({ place, units, now }: { place: Place; units: Units; now: Date }) {
  const otherNames = alsoKnownAs(place);
  const line = place.status ? statusLine(place.status, localDate(now, place.time_zone), place.temporary_closures) : null;
  return (
    <header className="px-5 pt-5 pb-3 pr-14">
      <div className="flex items-start gap-3">
        <PlaceIcon icon={place.icon} size="lg" />
        <div className="min-w-0">
          <h2 id="place-name" className="text-xl leading-tight font-semibold text-ink">
            {place.name}
          </h2>
          {place.subtitle && <p className="text-sm text-slate-600">{place.subtitle}</p>}
        </div>
      </div>
      {otherNames.length > 0 && <p className="mt-2 text-sm text-slate-600">Also known as {otherNames.join(', ')}</p>}
      <div className="mt-2 flex flex-wrap items-center gap-2">
        <Rating place={place} />
        <OpenBadge place={place} now={now} />
        <ClosureBadge place={place} now={now} />
        {place.distance !== undefined && <span className="text-xs text-slate-500">{formatDistance(place.distance, units)} away</span>}
      </div>
      {line && (
        <p className={`mt-2 rounded-md px-3 py-2 text-sm ${STATUS_TONES[line.tone]}`} data-testid="place-status">
          {line.text}
        </p>
      )}
    </header>
  );
}
