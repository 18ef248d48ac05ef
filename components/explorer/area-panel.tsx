'use client';

import { useQuery } from '@tanstack/react-query';
import { memo, useState } from 'react';
import { nearbyQuery } from '@/lib/explorer/queries/nearby-query';
import { nameOfPoint, nearbyTileKey } from '@/lib/gazetteer/nearby';
import { boxCoverRadius, fromMeters, MAX_RADIUS_M, toMeters, type Circle, type Units } from '@/lib/explorer/geo';
import type { Box } from '@/lib/explorer/geo';
import type { ExplorerState } from '@/lib/explorer/url-state';
import { BoxForm } from './box-form';

interface Props {
  state: ExplorerState;
  onCircle: (circle: Circle) => void;
  onBox: (box: Box) => void;
  onUnits: (units: Units) => void;
  onClearBox: () => void;
}

const fmt = (n: number, digits: number) => String(Number(n.toFixed(digits)));
const input = 'w-full rounded-md border border-slate-300 px-2 py-1.5 text-sm focus:border-brand-600';

function describe(state: ExplorerState, centerName: string | null): string {
  const parts: string[] = [];
  if (state.circle) {
    const r = fromMeters(state.circle.radius, state.units);
    parts.push(`Within ${fmt(r, r < 10 ? 1 : 0)} ${state.units} of ${centerName ?? `${fmt(state.circle.lat, 3)}, ${fmt(state.circle.lon, 3)}`}`);
  }
  if (state.box) parts.push(`${state.circle ? 'and inside' : 'Inside'} a box (${fmt(state.box.south, 2)} to ${fmt(state.box.north, 2)} lat, ${fmt(state.box.west, 2)} to ${fmt(state.box.east, 2)} lon)`);
  if (state.box && !state.circle && boxCoverRadius(state.box) >= MAX_RADIUS_M) {
    parts.push(`(searches reach ${fmt(fromMeters(MAX_RADIUS_M, state.units), 0)} ${state.units} from its center at most: zoom in for the rest)`);
  }
  return parts.length ? parts.join(' ') : 'No area yet: draw a circle or a box, or enter a center below.';
}

/** The search area in words, and the same area without a mouse: center, radius and units, or a box's edges. */
export const AreaPanel = memo(function AreaPanel({ state, onCircle, onBox, onUnits, onClearBox }: Props) {
  const { circle, units } = state;
  const tile = circle ? nearbyTileKey(circle.lon, circle.lat) : null;
  const nearby = useQuery({ ...nearbyQuery(tile ?? ''), enabled: tile !== null });
  const centerName = circle && nearby.data ? nameOfPoint(nearby.data, circle.lon, circle.lat) : null;
  const fields = {
    lon: circle ? fmt(circle.lon, 5) : '',
    lat: circle ? fmt(circle.lat, 5) : '',
    radius: circle ? fmt(fromMeters(circle.radius, units), 2) : '',
  };
  const fieldsKey = `${fields.lon}|${fields.lat}|${fields.radius}`;
  const [shownKey, setShownKey] = useState(fieldsKey);
  const [lon, setLon] = useState(fields.lon);
  const [lat, setLat] = useState(fields.lat);
  const [radius, setRadius] = useState(fields.radius);
  const [error, setError] = useState<string | null>(null);
  if (shownKey !== fieldsKey) {
    // The circle changed on the map or through the URL: the fields follow it.
    setShownKey(fieldsKey);
    setLon(fields.lon);
    setLat(fields.lat);
    setRadius(fields.radius);
  }

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const x = Number(lon);
    const y = Number(lat);
    const r = Number(radius);
    const maxR = fromMeters(MAX_RADIUS_M, units);
    if (lon.trim() === '' || !Number.isFinite(x) || x < -180 || x > 180) return setError('Longitude is a number from -180 to 180.');
    if (lat.trim() === '' || !Number.isFinite(y) || y <= -90 || y >= 90) return setError('Latitude is a number between -90 and 90.');
    if (!Number.isFinite(r) || r <= 0 || r > maxR) return setError(`Radius is more than 0 and at most ${fmt(maxR, 0)} ${units}.`);
    setError(null);
    onCircle({ lon: x, lat: y, radius: Math.min(MAX_RADIUS_M, Math.max(1, toMeters(r, units))) });
  };

  return (
    <section aria-labelledby="area-heading" className="border-b border-slate-200 px-4 pt-3 pb-4">
      <div className="flex items-center justify-between gap-2">
        <h2 id="area-heading" className="text-sm font-semibold text-ink">Search area</h2>
        <fieldset className="flex overflow-hidden rounded-md border border-slate-300 text-xs">
          <legend className="sr-only">Distance units</legend>
          {(['km', 'mi'] as const).map((u) => (
            <label key={u} className={`cursor-pointer px-2.5 py-1 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-[-4px] has-[:focus-visible]:outline-brand-600 ${units === u ? 'bg-brand-600 text-white' : 'text-slate-700 hover:bg-slate-50'}`}>
              <input type="radio" name="units" value={u} checked={units === u} onChange={() => onUnits(u)} className="sr-only" />
              {u === 'km' ? 'km' : 'miles'}
            </label>
          ))}
        </fieldset>
      </div>
      <p className="mt-1 text-sm text-slate-600" data-testid="area-summary">{describe(state, centerName)}</p>
      {state.box && (
        <button type="button" onClick={onClearBox} className="mt-1 text-xs font-medium text-brand-700 underline">
          Remove the box
        </button>
      )}
      <details className="group mt-2">
        <summary className="cursor-pointer rounded text-sm font-medium text-brand-700">Set center and radius</summary>
        <form onSubmit={submit} className="mt-2 grid grid-cols-3 gap-2" noValidate aria-describedby={error ? 'area-error' : undefined}>
          <label className="text-xs text-slate-600">
            Longitude
            <input className={input} inputMode="decimal" name="lon" value={lon} onChange={(e) => setLon(e.target.value)} />
          </label>
          <label className="text-xs text-slate-600">
            Latitude
            <input className={input} inputMode="decimal" name="lat" value={lat} onChange={(e) => setLat(e.target.value)} />
          </label>
          <label className="text-xs text-slate-600">
            Radius ({units})
            <input className={input} inputMode="decimal" name="radius" value={radius} onChange={(e) => setRadius(e.target.value)} />
          </label>
          {error && (
            <p id="area-error" role="alert" className="col-span-3 text-xs text-red-700">
              {error}
            </p>
          )}
          <button type="submit" className="col-span-3 rounded-md bg-brand-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-brand-700">
            Search this circle
          </button>
        </form>
      </details>
      <BoxForm box={state.box} onBox={onBox} />
    </section>
  );
});
