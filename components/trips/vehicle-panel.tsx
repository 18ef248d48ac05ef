'use client';

import { useRef, useState } from 'react';
import { useUnits } from '@/components/units/units-context';
import { setDefaultVehicle } from '@/lib/trips/client-api';
import type { TripVehicle } from '@/lib/trips/vehicle';
import { describeVehicle } from '@/lib/trips/vehicle-words';
import type { TripView } from '@/lib/trips/view';
import { FuelCost } from './fuel-cost';
import { VehicleForm } from './vehicle-form';

interface Props {
  view: TripView;
  editable: boolean;
  onChange: (vehicle: TripVehicle) => void;
}

/** The rig the trip is routed for (its limits decide which roads it may take), changed by editors, kept as a default. */
export function VehiclePanel({ view, editable, onChange }: Props) {
  const { units } = useUnits();
  const [editing, setEditing] = useState(false);
  const changeButton = useRef<HTMLButtonElement>(null);
  // The form closes under the keyboard's focus: it goes back to the button that opened it, once that is drawn again.
  const closeForm = () => {
    setEditing(false);
    requestAnimationFrame(() => changeButton.current?.focus());
  };
  const [defaultState, setDefaultState] = useState<'idle' | 'saving' | 'saved' | 'failed'>('idle');
  const makeDefault = async () => {
    setDefaultState('saving');
    try {
      await setDefaultVehicle(view.trip.vehicle);
      setDefaultState('saved');
    } catch {
      setDefaultState('failed');
    }
  };
  return (
    <section aria-labelledby="vehicle-heading" className="rounded-lg border border-slate-200 p-3 text-sm" data-testid="trip-vehicle">
      <div className="flex items-start gap-2">
        <div className="min-w-0 flex-1">
          <h2 id="vehicle-heading" className="font-semibold text-ink">
            Vehicle
          </h2>
          <p className="text-slate-700" data-testid="trip-vehicle-summary">
            {describeVehicle(view.vehicle, units)}
          </p>
          {view.legs.length && view.legs.length === view.trip.stops.length - 1 ? <FuelCost distanceMeters={view.totals.distanceMeters} vehicle={view.vehicle} /> : null}
        </div>
        {editable && !editing ? (
          <button ref={changeButton} type="button" onClick={() => setEditing(true)} className="shrink-0 rounded-md px-2 py-1 font-medium text-brand-700 hover:bg-brand-50">
            Change vehicle
          </button>
        ) : null}
      </div>
      {editing ? (
        <VehicleForm
          key={units}
          current={view.trip.vehicle}
          onCancel={closeForm}
          onSave={(vehicle) => {
            closeForm();
            setDefaultState('idle');
            onChange(vehicle);
          }}
        />
      ) : null}
      {editable && !editing ? (
        <p className="mt-2 flex flex-wrap items-center gap-2 text-xs text-slate-600">
          <button type="button" onClick={() => void makeDefault()} disabled={defaultState === 'saving'} className="rounded-md font-medium text-brand-700 underline">
            Start my new trips with this vehicle
          </button>
          <span aria-live="polite" data-testid="default-vehicle-state">
            {defaultState === 'saved' ? 'Your new trips will start with it.' : defaultState === 'failed' ? 'Not saved: try again.' : ''}
          </span>
        </p>
      ) : null}
    </section>
  );
}
