'use client';

import { useId } from 'react';
import type { Units } from '@/lib/explorer/geo';
import { useUnits } from './units-context';

/** km or miles, for the whole page, remembered for the next visit (units-context.tsx). */
export function UnitsSwitch({ className = '' }: { className?: string }) {
  const { units, setUnits } = useUnits();
  const name = useId();
  return (
    <fieldset className={`flex overflow-hidden rounded-md border border-slate-300 text-xs ${className}`} data-testid="units-switch">
      <legend className="sr-only">Distance units</legend>
      {(['km', 'mi'] as Units[]).map((u) => (
        <label
          key={u}
          className={`cursor-pointer px-2.5 py-1 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-[-4px] has-[:focus-visible]:outline-brand-600 ${units === u ? 'bg-brand-600 text-white' : 'text-slate-700 hover:bg-slate-50'}`}
        >
          <input type="radio" name={name} value={u} checked={units === u} onChange={() => setUnits(u)} className="sr-only" />
          {u === 'km' ? 'km' : 'miles'}
        </label>
      ))}
    </fieldset>
  );
}
