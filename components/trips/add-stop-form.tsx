'use client';

import { pointEntryMissing } from '@/lib/trips/point-entry';
import { PointFields } from './point-fields';
import { usePointDraft } from './use-point-draft';

interface Props {
  /** A point clicked on the map, proposed here. */
  picked: [number, number] | null;
  onAdd: (stop: { name: string; lon: number; lat: number }) => void;
  onClearPick: () => void;
}

function hintFor(picked: [number, number] | null, proposed: string | null, name: string): string {
  if (!picked) return 'Click or tap the map to pick a point, or type its coordinates.';
  if (proposed && name === proposed) return 'Picked on the map and named after the nearest town: keep the name or change it, then add it.';
  return 'Picked on the map: name it and add it.';
}

/** A custom stop: a name and a point, typed or clicked on the map. */
export function AddStopForm({ picked, onAdd, onClearPick }: Props) {
  const { name, setName, lat, setLat, lon, setLon, proposed, clear } = usePointDraft(picked);
  // A disabled button says why: what is still missing.
  const missing = pointEntryMissing(name, lat, lon);
  const valid = missing === null;
  return (
    <form
      aria-labelledby="add-stop-heading"
      data-testid="add-stop-form"
      className="rounded-xl border border-slate-200 bg-slate-50 p-3"
      onSubmit={(e) => {
        e.preventDefault();
        if (!valid) return;
        onAdd({ name: name.trim(), lon: Number(lon), lat: Number(lat) });
        clear();
        onClearPick();
      }}
    >
      <h2 id="add-stop-heading" className="text-sm font-semibold text-ink">
        Add a point
      </h2>
      <p className="mt-0.5 text-xs text-slate-600" data-testid="add-stop-hint">
        {hintFor(picked, proposed, name)}
      </p>
      <PointFields name={name} lat={lat} lon={lon} onName={setName} onLat={setLat} onLon={setLon} />
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
