'use client';

import { useEffect, useId, useRef, useState } from 'react';
import { useUnits } from '@/components/units/units-context';
import { PRESET_VEHICLES, VEHICLE_PRESETS } from '@/lib/roads/vehicle';
import type { TripVehicle } from '@/lib/trips/vehicle';
import { type CustomDraft, draftOf, readDraft } from '@/lib/trips/vehicle-draft';
import { describeVehicle } from '@/lib/trips/vehicle-words';
import { CustomVehicleFields } from './custom-vehicle-fields';

interface Props {
  current: TripVehicle;
  onSave: (vehicle: TripVehicle) => void;
  onCancel: () => void;
}

/** Choose a preset rig, or give one's own figures (checked as the server checks them, with its sentences). */
export function VehicleForm({ current, onSave, onCancel }: Props) {
  const selectId = useId();
  const select = useRef<HTMLSelectElement>(null);
  // Opened by "Change vehicle", which is gone now: the keyboard goes on from the first field.
  useEffect(() => select.current?.focus(), []);
  const [preset, setPreset] = useState<string>(current.preset);
  const { units } = useUnits();
  const [draft, setDraft] = useState<CustomDraft>(() => draftOf(current, units));
  const [error, setError] = useState<string | null>(null);
  // "My own figures…" starts from the rig chosen just before it (a class A's width, not the car's).
  const choose = (next: string) => {
    if (next === 'custom' && preset !== 'custom') setDraft(draftOf({ preset } as TripVehicle, units));
    setPreset(next);
  };
  const submit = () => {
    if (preset !== 'custom') return onSave({ preset } as TripVehicle);
    const reading = readDraft(draft, units);
    if (!reading.ok) return setError(reading.message);
    onSave(reading.vehicle);
  };
  return (
    <form
      className="mt-3 flex flex-col gap-3"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <div className="flex flex-col gap-1">
        <label htmlFor={selectId} className="font-medium text-slate-800">
          Kind of vehicle
        </label>
        <select ref={select} id={selectId} value={preset} onChange={(e) => choose(e.target.value)} className="rounded-md border border-slate-300 px-2 py-1.5">
          {VEHICLE_PRESETS.map((p) => (
            <option key={p} value={p}>
              {PRESET_VEHICLES[p].label}
            </option>
          ))}
          <option value="custom">My own figures…</option>
        </select>
      </div>
      {preset === 'custom' ? (
        <CustomVehicleFields draft={draft} units={units} onChange={setDraft} />
      ) : (
        // A preset's figures as soon as it is chosen, before it is routed for.
        <p className="text-slate-700" data-testid="vehicle-choice-figures">
          {describeVehicle(PRESET_VEHICLES[preset as keyof typeof PRESET_VEHICLES], units)}
        </p>
      )}
      {error ? (
        <p role="alert" className="rounded-md bg-red-50 px-2 py-1 text-red-800">
          {error}
        </p>
      ) : null}
      <div className="flex gap-2">
        <button type="submit" className="rounded-md bg-brand-600 px-3 py-1.5 font-medium text-white hover:bg-brand-700">
          Route for this vehicle
        </button>
        <button type="button" onClick={onCancel} className="rounded-md px-3 py-1.5 font-medium text-slate-700 hover:bg-slate-100">
          Cancel
        </button>
      </div>
    </form>
  );
}
