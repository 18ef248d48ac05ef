'use client';

import { useId } from 'react';
import { useUnits } from '@/components/units/units-context';
import type { Vehicle } from '@/lib/roads/vehicle';
import { fuelEstimate, parseFuelPrice } from '@/lib/trips/fuel';
import { formatRigFigure } from '@/lib/trips/rig-units';
import { useFuelPrice } from './use-fuel-price';

const round = (n: number, digits: number) => n.toLocaleString(undefined, { maximumFractionDigits: digits });

/** The fuel the trip burns at the rig's consumption, and its cost at a price the traveler types (kept on this device). */
export function FuelCost({ distanceMeters, vehicle }: { distanceMeters: number; vehicle: Vehicle }) {
  const { units } = useUnits();
  const id = useId();
  const [price, setPrice] = useFuelPrice();
  const perUnit = parseFuelPrice(price);
  const fuel = fuelEstimate(distanceMeters, vehicle.fuelLPer100Km, units, perUnit);
  return (
    <div className="mt-2 flex flex-wrap items-end gap-x-3 gap-y-1" data-testid="fuel-cost">
      <p>
        Fuel: about {round(fuel.amount, 0)} {fuel.unit} at {formatRigFigure('fuelLPer100Km', vehicle.fuelLPer100Km, units)}
        {fuel.cost !== null ? <span data-testid="fuel-cost-total">, costing about {round(fuel.cost, 2)}</span> : null}
      </p>
      <label htmlFor={id} className="flex items-center gap-1 text-xs text-slate-700">
        Price per {fuel.unit === 'L' ? 'litre' : 'gallon'}
        <input id={id} inputMode="decimal" value={price} onChange={(e) => setPrice(e.target.value)} className="w-20 rounded-md border border-slate-300 px-2 py-1" aria-invalid={price.trim() !== '' && perUnit === null} />
      </label>
    </div>
  );
}
