'use client';

import { useId } from 'react';
import type { Units } from '@/lib/explorer/geo';
import { RIG_UNIT, type RigField } from '@/lib/trips/rig-units';
import type { CustomDraft } from '@/lib/trips/vehicle-draft';

const NUMBERS: { key: RigField; label: string }[] = [
  { key: 'heightM', label: 'Height' },
  { key: 'widthM', label: 'Width' },
  { key: 'lengthM', label: 'Length' },
  { key: 'weightT', label: 'Weight loaded' },
  { key: 'fuelLPer100Km', label: 'Fuel use' },
];

/** A rig's own figures, in metres and tonnes, or feet and pounds where distances are in miles (as road signs give them). */
export function CustomVehicleFields({ draft, units, onChange }: { draft: CustomDraft; units: Units; onChange: (draft: CustomDraft) => void }) {
  const id = useId();
  return (
    <fieldset className="grid grid-cols-2 gap-2">
      <legend className="sr-only">Your vehicle&apos;s figures</legend>
      <label className="col-span-2 flex flex-col gap-1" htmlFor={`${id}-label`}>
        <span className="font-medium text-slate-800">Name</span>
        <input id={`${id}-label`} value={draft.label} maxLength={60} onChange={(e) => onChange({ ...draft, label: e.target.value })} className="rounded-md border border-slate-300 px-2 py-1.5" />
      </label>
      {NUMBERS.map(({ key, label }) => (
        <label key={key} className="flex flex-col gap-1" htmlFor={`${id}-${key}`}>
          <span className="font-medium text-slate-800">
            {label} ({RIG_UNIT[units][key]})
          </span>
          <input
            id={`${id}-${key}`}
            inputMode={units === 'mi' && key !== 'weightT' && key !== 'fuelLPer100Km' ? 'text' : 'decimal'}
            value={draft.figures[key]}
            onChange={(e) => onChange({ ...draft, figures: { ...draft.figures, [key]: e.target.value } })}
            className="rounded-md border border-slate-300 px-2 py-1.5"
          />
        </label>
      ))}
      <label className="col-span-2 flex items-center gap-2">
        <input type="checkbox" checked={draft.carryingPropane} onChange={(e) => onChange({ ...draft, carryingPropane: e.target.checked })} />
        <span>Carrying propane (closes tunnels that forbid dangerous goods)</span>
      </label>
      {units === 'mi' ? <p className="col-span-2 text-xs text-slate-600">Sizes in feet and inches (12&apos;6&quot; or 12.5), weight in pounds, fuel use in US miles per gallon.</p> : null}
    </fieldset>
  );
}
