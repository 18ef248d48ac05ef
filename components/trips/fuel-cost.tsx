'use client';

import { useId } from 'react';
import { useUnits } from '@/components/units/units-context';
import type { Vehicle } from '@/lib/roads/vehicle';
import { FUEL_CURRENCIES, formatMoney, isFuelCurrency } from '@/lib/trips/currency';
import { fuelEstimate, fuelUnitOf, parseFuelPrice } from '@/lib/trips/fuel';
import { formatRigFigure } from '@/lib/trips/rig-units';
import { useFuelCurrency, useFuelPrice } from './use-fuel-price';

const field = 'rounded-md border border-slate-300 px-2 py-1';

/**
 * The fuel the trip burns at the rig's consumption, and its cost at a price the traveler types, in the currency they
 * choose (both kept on this device). The cost is the browser's alone, so it is written in the browser's language.
 */
export function FuelCost({ distanceMeters, vehicle }: { distanceMeters: number; vehicle: Vehicle }) {
  const { units } = useUnits();
  const id = useId();
  const [price, setPrice] = useFuelPrice(fuelUnitOf(units));
  const [currency, setCurrency] = useFuelCurrency();
  const perUnit = parseFuelPrice(price);
  const fuel = fuelEstimate(distanceMeters, vehicle.fuelLPer100Km, units, perUnit);
  return (
    <div className="mt-2 flex flex-wrap items-end gap-x-3 gap-y-1" data-testid="fuel-cost">
      <p>
        Fuel: about {Math.round(fuel.amount).toLocaleString('en-US')} {fuel.unit} at {formatRigFigure('fuelLPer100Km', vehicle.fuelLPer100Km, units)}
        {fuel.cost !== null ? <span data-testid="fuel-cost-total">, costing about {formatMoney(fuel.cost, currency, navigator.language)}</span> : null}
      </p>
      <label htmlFor={`${id}-price`} className="flex items-center gap-1 text-xs text-slate-700">
        Price per {fuel.unit === 'L' ? 'litre' : 'gallon'}
        <input id={`${id}-price`} inputMode="decimal" value={price} onChange={(e) => setPrice(e.target.value)} className={`w-20 ${field}`} aria-invalid={price.trim() !== '' && perUnit === null} />
      </label>
      <label htmlFor={`${id}-currency`} className="flex items-center gap-1 text-xs text-slate-700">
        Currency
        <select id={`${id}-currency`} value={currency} onChange={(e) => isFuelCurrency(e.target.value) && setCurrency(e.target.value)} className={field}>
          {FUEL_CURRENCIES.map((c) => (
            <option key={c}>{c}</option>
          ))}
        </select>
      </label>
    </div>
  );
}
