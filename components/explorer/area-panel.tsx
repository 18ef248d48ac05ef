'use client';

import { useQuery } from '@tanstack/react-query';
import { memo } from 'react';
import { nearbyQuery } from '@/lib/explorer/queries/nearby-query';
import { nameOfPoint, nearbyTileKey } from '@/lib/gazetteer/nearby';
import type { NamedPoint } from './use-area-fit';
import { boxCoverRadius, formatDistance, fromMeters, MAX_RADIUS_M, type Circle, type Units } from '@/lib/explorer/geo';
import type { Box } from '@/lib/explorer/geo';
import type { ExplorerState } from '@/lib/explorer/url-state';
import { BoxForm } from './box-form';
import { CircleForm } from './circle-form';
import { formatDecimals as fmt } from './format-decimals';
import { UnitsSwitch } from './units-switch';

interface Props {
  state: ExplorerState;
  onCircle: (circle: Circle) => void;
  onBox: (box: Box) => void;
  onUnits: (units: Units) => void;
  onClearBox: () => void;
  /** The place last gone to, which names the area while its circle stays on it. */
  named?: NamedPoint | null;
}

function describe(state: ExplorerState, centerName: string | null): string {
  const parts: string[] = [];
  if (state.circle) {
    const r = fromMeters(state.circle.radius, state.units);
    // Under a tenth of the unit, in meters or feet: "Within 0 mi" said nothing of a 1 m circle.
    const radius = r < 0.1 ? formatDistance(state.circle.radius, state.units) : `${fmt(r, r < 10 ? 1 : 0)} ${state.units}`;
    parts.push(`Within ${radius} of ${centerName ?? `${fmt(state.circle.lat, 3)}, ${fmt(state.circle.lon, 3)}`}`);
  }
  if (state.box) parts.push(`${state.circle ? 'and inside' : 'Inside'} a box (${fmt(state.box.south, 2)} to ${fmt(state.box.north, 2)} lat, ${fmt(state.box.west, 2)} to ${fmt(state.box.east, 2)} lon)`);
  if (state.box && !state.circle && boxCoverRadius(state.box) >= MAX_RADIUS_M) {
    parts.push(`(searches reach ${fmt(fromMeters(MAX_RADIUS_M, state.units), 0)} ${state.units} from its center at most: zoom in for the rest)`);
  }
  return parts.length ? parts.join(' ') : 'No area yet: draw a circle or a box, or enter a center below.';
}

/** The search area in words, and the same area without a mouse: center, radius and units, or a box's edges. */
export const AreaPanel = memo(function AreaPanel({ state, onCircle, onBox, onUnits, onClearBox, named = null }: Props) {
  const { circle, units } = state;
  const tile = circle ? nearbyTileKey(circle.lon, circle.lat) : null;
  const nearby = useQuery({ ...nearbyQuery(tile ?? ''), enabled: tile !== null });
  const atNamed = circle && named && Math.abs(circle.lon - named.lon) < 1e-4 && Math.abs(circle.lat - named.lat) < 1e-4;
  const centerName = atNamed ? named.label : circle && nearby.data ? nameOfPoint(nearby.data, circle.lon, circle.lat) : null;

  return (
    <section aria-labelledby="area-heading" className="border-b border-slate-200 px-4 pt-3 pb-4">
      <div className="flex items-center justify-between gap-2">
        <h2 id="area-heading" className="text-sm font-semibold text-ink">Search area</h2>
        <UnitsSwitch units={units} onUnits={onUnits} />
      </div>
      <p className="mt-1 text-sm text-slate-600" data-testid="area-summary">{describe(state, centerName)}</p>
      {state.box && (
        <button type="button" onClick={onClearBox} className="mt-1 text-xs font-medium text-brand-700 underline">
          Remove the box
        </button>
      )}
      <CircleForm circle={circle} units={units} onCircle={onCircle} />
      <BoxForm box={state.box} onBox={onBox} />
    </section>
  );
});
