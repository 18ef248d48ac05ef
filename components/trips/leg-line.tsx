import { useUnits } from '@/components/units/units-context';
import { formatDistance, formatDuration } from '@/lib/trips/format';
import type { Leg } from '@/lib/trips/legs/types';

/** The leg from stop `index + 1` to the next: its distance and driving time, on a dashed line between the cards. */
export function LegLine({ leg, index }: { leg: Leg; index: number }) {
  const { units } = useUnits();
  return (
    <p data-testid="trip-leg" className="flex items-center gap-2 py-1.5 pl-6 text-xs text-slate-600">
      <span aria-hidden="true" className="h-5 border-l-2 border-dashed border-brand-500" />
      <span>
        <span className="sr-only">Leg to stop {index + 2}: </span>
        {formatDistance(leg.distanceMeters, units)} · {formatDuration(leg.durationSeconds)}
      </span>
    </p>
  );
}
