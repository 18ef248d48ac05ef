'use client';

import { useUnits } from '@/components/units/units-context';
import { UnitsSwitch } from '@/components/units/units-switch';
import { formatDistance, formatDuration } from '@/lib/trips/format';
import { estimatedInStraightLines } from '@/lib/trips/legs/estimated';
import type { TripView } from '@/lib/trips/view';

/**
 * The trip's totals, and what kind of numbers they are (straight-line until a road router is configured), with the
 * switch between km and miles for the whole page.
 */
export function TripTotals({ view, saving }: { view: TripView; saving: boolean }) {
  const { units } = useUnits();
  const { totals, trip } = view;
  const count = trip.stops.length;
  // A reorder not yet saved has no legs: the server measures them.
  const measured = view.legs.length === count - 1;
  const straight = view.router.kind === 'straight-line';
  const guessed = straight ? 0 : estimatedInStraightLines(view.legs);
  return (
    <div className="flex items-start gap-3 text-sm">
      <div className="min-w-0 flex-1" data-testid="trip-totals">
        <p className="flex flex-wrap gap-x-3 gap-y-1 font-medium text-ink">
          <span>
            {count} stop{count === 1 ? '' : 's'}
          </span>
          {count > 1 && measured ? (
            <>
              <span data-testid="trip-distance">
                {formatDistance(totals.distanceMeters, units)}
                {straight ? ' in straight lines' : ''}
              </span>
              {guessed > 0 ? <span data-testid="trip-estimated">including {formatDistance(guessed, units)} estimated in a straight line</span> : null}
              {/* Time on straight lines is an estimate at an average speed, not driving time. */}
              <span>{straight ? `about ${formatDuration(totals.durationSeconds)} on the road, estimated` : `${formatDuration(totals.durationSeconds)} driving`}</span>
            </>
          ) : null}
          {count > 1 && !measured ? <span className="font-normal text-slate-600">Measuring the legs…</span> : null}
          {totals.nights ? (
            <span>
              {totals.nights} night{totals.nights === 1 ? '' : 's'}
            </span>
          ) : null}
          <span aria-live="polite" className="font-normal text-slate-600" data-testid="trip-save-state">
            {saving ? 'Saving…' : ''}
          </span>
        </p>
        {count > 1 ? <p className="mt-0.5 text-xs text-slate-600">{view.router.describe}.</p> : null}
      </div>
      <UnitsSwitch className="shrink-0" />
    </div>
  );
}
