'use client';

import { useState } from 'react';
import { fromMeters, MAX_RADIUS_M, toMeters, type Circle, type Units } from '@/lib/explorer/geo';
import { formatDecimals as fmt } from './format-decimals';
import { useCircleFields } from './use-circle-fields';

const input = 'w-full rounded-md border border-slate-300 px-2 py-1.5 text-sm focus:border-brand-600';

/** The circle without a pointer: its center's longitude and latitude, and its radius in the chosen units. */
export function CircleForm({ circle, units, onCircle }: { circle: Circle | null; units: Units; onCircle: (circle: Circle) => void }) {
  const { lon, setLon, lat, setLat, radius, setRadius } = useCircleFields(circle, units);
  const [error, setError] = useState<string | null>(null);

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
  );
}
