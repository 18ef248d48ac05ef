'use client';

import type { Units } from '@/lib/explorer/geo';

/** Kilometres or miles, as two radio buttons drawn as one switch. */
export function UnitsSwitch({ units, onUnits }: { units: Units; onUnits: (units: Units) => void }) {
  return (
    <fieldset className="flex overflow-hidden rounded-md border border-slate-300 text-xs">
      <legend className="sr-only">Distance units</legend>
      {(['km', 'mi'] as const).map((u) => (
        <label key={u} className={`cursor-pointer px-2.5 py-1 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-[-4px] has-[:focus-visible]:outline-brand-600 ${units === u ? 'bg-brand-600 text-white' : 'text-slate-700 hover:bg-slate-50'}`}>
          <input type="radio" name="units" value={u} checked={units === u} onChange={() => onUnits(u)} className="sr-only" />
          {u === 'km' ? 'km' : 'miles'}
        </label>
      ))}
    </fieldset>
  );
}
