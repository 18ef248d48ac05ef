import type { Units } from '@/lib/explorer/geo';

export const LITRES_PER_US_GALLON = 3.785411784;

export type FuelUnit = 'L' | 'gal';

/** Fuel is counted in litres where distances are in km, in US gallons where they are in miles. */
export const fuelUnitOf = (units: Units): FuelUnit => (units === 'mi' ? 'gal' : 'L');

export interface FuelEstimate {
  /** In litres where distances are in km, in US gallons where they are in miles. */
  amount: number;
  unit: FuelUnit;
  /** The amount at the price per unit, when a price is given. */
  cost: number | null;
}

/** A price as typed: a positive number below 1,000 per litre or gallon (a comma as decimal mark taken), or null. */
export function parseFuelPrice(text: string): number | null {
  const value = Number(text.trim().replace(',', '.'));
  return text.trim() && Number.isFinite(value) && value > 0 && value < 1000 ? value : null;
}

/**
 * A price typed per `from` as the price per `to` (4.19 a gallon is 1.107 a litre), to three decimals; the text as it
 * is where the units agree or it is no price.
 */
export function fuelPriceIn(text: string, from: FuelUnit, to: FuelUnit): string {
  const value = parseFuelPrice(text);
  if (from === to || value === null) return text;
  return String(Number((from === 'gal' ? value / LITRES_PER_US_GALLON : value * LITRES_PER_US_GALLON).toFixed(3)));
}

/** The fuel a drive burns at the rig's consumption (L/100 km), in the page's units, and what it costs at a price. */
export function fuelEstimate(distanceMeters: number, fuelLPer100Km: number, units: Units, pricePerUnit: number | null): FuelEstimate {
  const litres = (distanceMeters / 100_000) * fuelLPer100Km;
  const amount = units === 'mi' ? litres / LITRES_PER_US_GALLON : litres;
  return { amount, unit: fuelUnitOf(units), cost: pricePerUnit === null ? null : amount * pricePerUnit };
}
