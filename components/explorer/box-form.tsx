'use client';

import { useState } from 'react';
import { parseBoxEdges, type BoxEdgeFields } from '@/lib/explorer/box-edges';
import type { Box } from '@/lib/explorer/geo';

const fmt = (n: number) => String(Number(n.toFixed(5)));
const input = 'w-full rounded-md border border-slate-300 px-2 py-1.5 text-sm focus:border-brand-600';
const EDGES: { key: keyof BoxEdgeFields; label: string }[] = [
  { key: 'west', label: 'West' },
  { key: 'south', label: 'South' },
  { key: 'east', label: 'East' },
  { key: 'north', label: 'North' },
];

/** The box without a pointer: its four edges, in degrees. */
export function BoxForm({ box, onBox }: { box: Box | null; onBox: (box: Box) => void }) {
  const shown: BoxEdgeFields = box
    ? { west: fmt(box.west), south: fmt(box.south), east: fmt(box.east), north: fmt(box.north) }
    : { west: '', south: '', east: '', north: '' };
  const shownKey = Object.values(shown).join('|');
  const [key, setKey] = useState(shownKey);
  const [fields, setFields] = useState(shown);
  const [error, setError] = useState<string | null>(null);
  if (key !== shownKey) {
    // The box changed on the map or through the URL: the fields follow it.
    setKey(shownKey);
    setFields(shown);
  }

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const result = parseBoxEdges(fields);
    if (!result.ok) return setError(result.error);
    setError(null);
    onBox(result.box);
  };

  return (
    <details className="mt-2">
      <summary className="cursor-pointer rounded text-sm font-medium text-brand-700">Set box edges</summary>
      <form onSubmit={submit} className="mt-2 grid grid-cols-2 gap-2" noValidate aria-describedby={error ? 'box-error' : undefined}>
        {EDGES.map(({ key: edge, label }) => (
          <label key={edge} className="text-xs text-slate-600">
            {label} ({edge === 'west' || edge === 'east' ? 'longitude' : 'latitude'})
            <input className={input} inputMode="decimal" name={edge} value={fields[edge]} onChange={(e) => setFields((f) => ({ ...f, [edge]: e.target.value }))} />
          </label>
        ))}
        {error && (
          <p id="box-error" role="alert" className="col-span-2 text-xs text-red-700">
            {error}
          </p>
        )}
        <button type="submit" className="col-span-2 rounded-md bg-brand-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-brand-700">
          Search this box
        </button>
      </form>
    </details>
  );
}
