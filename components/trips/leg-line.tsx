import { useUnits } from '@/components/units/units-context';
import { formatDistance, formatDuration } from '@/lib/trips/format';
import type { Leg } from '@/lib/trips/legs/types';
import { LegNotes } from './leg-notes';

/**
 * The leg from stop `index + 1` to the next: its distance and driving time, on a dashed line between the cards, and
 * how it was measured where the trip is routed on roads (a straight line, limits gone around or broken).
 */
export function LegLine({ leg, index }: { leg: Leg; index: number }) {
  const { units } = useUnits();
  const straight = leg.measure?.by === 'straight-line';
  return (
    <div data-testid="trip-leg" className="flex items-stretch gap-2 py-1.5 pl-6 text-xs text-slate-600">
      <span aria-hidden="true" className={`min-h-5 border-l-2 border-dashed ${leg.measure?.by === 'road-breaking-restrictions' ? 'border-amber-600' : 'border-brand-500'}`} />
      <div className="min-w-0">
        <p>
          <span className="sr-only">Leg to stop {index + 2}: </span>
          {formatDistance(leg.distanceMeters, units)} · {formatDuration(leg.durationSeconds)}
          {straight ? ' · straight line' : ''}
        </p>
        {leg.measure ? <LegNotes measure={leg.measure} units={units} /> : null}
      </div>
    </div>
  );
}
