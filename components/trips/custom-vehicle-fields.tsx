'use client';

import { useId } from 'react';
import { PRESET_VEHICLES } from '@/lib/roads/vehicle';
import type { TripVehicle } from '@/lib/trips/vehicle';

export interface CustomDraft {
  label: string;
  heightM: string;
  widthM: string;
  lengthM: string;
  weightT: string;
  fuelLPer100Km: string;
  carryingPropane: boolean;
}

/** The figures to start the fields with: the trip's own rig, or those of its preset. */
export function draftOf(vehicle: TripVehicle): CustomDraft {
  const v = vehicle.preset === 'custom' ? vehicle : { ...PRESET_VEHICLES[vehicle.preset], label: 'My vehicle' };
  const text = (n: number) => String(n);
  return { label: v.label, heightM: text(v.heightM), widthM: text(v.widthM), lengthM: text(v.lengthM), weightT: text(v.weightT), fuelLPer100Km: text(v.fuelLPer100Km), carryingPropane: v.carryingPropane };
}

const NUMBERS: { key: Exclude<keyof CustomDraft, 'label' | 'carryingPropane'>; label: string }[] = [
  { key: 'heightM', label: 'Height (m)' },
  { key: 'widthM', label: 'Width (m)' },
  { key: 'lengthM', label: 'Length (m)' },
  { key: 'weightT', label: 'Weight loaded (t)' },
  { key: 'fuelLPer100Km', label: 'Fuel use (L/100 km)' },
];

/** A rig's own figures, in metres and tonnes as road signs give them. */
export function CustomVehicleFields({ draft, onChange }: { draft: CustomDraft; onChange: (draft: CustomDraft) => void }) {
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
          <span className="font-medium text-slate-800">{label}</span>
          <input id={`${id}-${key}`} inputMode="decimal" value={draft[key]} onChange={(e) => onChange({ ...draft, [key]: e.target.value })} className="rounded-md border border-slate-300 px-2 py-1.5" />
        </label>
      ))}
      <label className="col-span-2 flex items-center gap-2">
        <input type="checkbox" checked={draft.carryingPropane} onChange={(e) => onChange({ ...draft, carryingPropane: e.target.checked })} />
        <span>Carrying propane (closes tunnels that forbid dangerous goods)</span>
      </label>
    </fieldset>
  );
}
