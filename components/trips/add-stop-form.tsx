'use client';

import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { fetchJson } from '@/lib/explorer/fetch-json';
import type { ListSearchResponse } from '@/lib/explorer/types';
import { MAX_TRIP_NAME } from '@/lib/trips/limits';
import { POINT_NAME_RADIUS_M, proposedPointName } from '@/lib/trips/point-name';

interface Props {
  /** A point clicked on the map, proposed here. */
  picked: [number, number] | null;
  onAdd: (stop: { name: string; lon: number; lat: number }) => void;
  onClearPick: () => void;
}

const inRange = (value: string, limit: number) => value.trim() !== '' && Number.isFinite(Number(value)) && Math.abs(Number(value)) <= limit;

/** A custom stop: a name and a point, typed or clicked on the map. */
export function AddStopForm({ picked, onAdd, onClearPick }: Props) {
  const [name, setName] = useState('');
  const [lat, setLat] = useState('');
  const [lon, setLon] = useState('');

  // A new pick on the map fills the coordinates (adjusted while rendering, not in an effect).
  const [shownPick, setShownPick] = useState(picked);
  if (picked !== shownPick) {
    setShownPick(picked);
    if (picked) {
      setLon(String(picked[0]));
      setLat(String(picked[1]));
    }
  }

  // A picked point is proposed a name after the nearest known place's town ("Near Moab, UT"), filled in while the
  // traveler has not typed one of their own (and taken back for the next pick); far from any place, they name it.
  const center = picked ? `${picked[0]},${picked[1]}` : null;
  const nearest = useQuery({
    queryKey: ['trip-point-name', center],
    queryFn: ({ signal }) => fetchJson<ListSearchResponse>(`/api/places/search?center=${center}&radius=${POINT_NAME_RADIUS_M}&sort=distance&limit=1`, signal),
    enabled: center !== null,
    staleTime: 10 * 60_000,
  });
  const proposed = picked && nearest.data ? proposedPointName(nearest.data.data[0]) : null;
  const [shownProposal, setShownProposal] = useState<string | null>(null);
  if (proposed !== shownProposal) {
    setShownProposal(proposed);
    if (name.trim() === '' || name === shownProposal) setName(proposed ?? '');
  }

  const valid = name.trim() !== '' && inRange(lat, 90) && inRange(lon, 180);
  // A disabled button says why: what is still missing.
  const missing = !inRange(lat, 90) || !inRange(lon, 180) ? 'Pick a point on the map, or type a latitude (-90 to 90) and a longitude (-180 to 180).' : name.trim() === '' ? 'Name the stop to add it.' : null;
  return (
    <form
      aria-labelledby="add-stop-heading"
      data-testid="add-stop-form"
      className="rounded-xl border border-slate-200 bg-slate-50 p-3"
      onSubmit={(e) => {
        e.preventDefault();
        if (!valid) return;
        onAdd({ name: name.trim(), lon: Number(lon), lat: Number(lat) });
        setName('');
        setLat('');
        setLon('');
        onClearPick();
      }}
    >
      <h2 id="add-stop-heading" className="text-sm font-semibold text-ink">
        Add a point
      </h2>
      <p className="mt-0.5 text-xs text-slate-600" data-testid="add-stop-hint">
        {!picked
          ? 'Click or tap the map to pick a point, or type its coordinates.'
          : proposed && name === proposed
            ? 'Picked on the map and named after the nearest town: keep the name or change it, then add it.'
            : 'Picked on the map: name it and add it.'}
      </p>
      <div className="mt-2 grid grid-cols-2 gap-2 text-sm">
        <label className="col-span-2 flex flex-col gap-1 text-slate-700">
          Name
          <input
            value={name}
            maxLength={MAX_TRIP_NAME}
            placeholder="Such as Lunch by the river"
            onChange={(e) => setName(e.target.value)}
            className="rounded-md border border-slate-300 bg-white px-2 py-1.5 text-ink placeholder:text-slate-500"
          />
        </label>
        <label className="flex flex-col gap-1 text-slate-700">
          Latitude
          <input inputMode="decimal" value={lat} onChange={(e) => setLat(e.target.value)} className="rounded-md border border-slate-300 bg-white px-2 py-1.5 text-ink" />
        </label>
        <label className="flex flex-col gap-1 text-slate-700">
          Longitude
          <input inputMode="decimal" value={lon} onChange={(e) => setLon(e.target.value)} className="rounded-md border border-slate-300 bg-white px-2 py-1.5 text-ink" />
        </label>
      </div>
      <div className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-1">
        <button
          type="submit"
          disabled={!valid}
          aria-describedby={missing ? 'add-stop-missing' : undefined}
          className="rounded-md bg-brand-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-brand-700 disabled:opacity-50"
        >
          Add stop
        </button>
        {missing ? (
          <p id="add-stop-missing" className="text-xs text-slate-600" data-testid="add-stop-missing">
            {missing}
          </p>
        ) : null}
      </div>
    </form>
  );
}
