import type { Units } from '@/lib/explorer/geo';

export const LITRES_PER_US_GALLON = 3.785411784;

export interface FuelEstimate {
  /** In litres where distances are in km, in US gallons where they are in miles. */
  amount: number;
  unit: 'L' | 'gal';
  /** The amount at the price per unit, when a price is given. */
  cost: number | null;
}

/** A price as typed: a positive number below 1,000 per litre or gallon (a comma as decimal mark taken), or null. */
export function parseFuelPrice(text: string): number | null {
  const value = Number(text.trim().replace(',', '.'));
  return text.trim() && Number.isFinite(value) && value > 0 && value < 1000 ? value : null;
}

/** The fuel a drive burns at the rig's consumption (L/100 km), in the page's units, and what it costs at a price. */
export function fuelEstimate(distanceMeters: number, fuelLPer100Km: number, units: Units, pricePerUnit: number | null): FuelEstimate {
  const litres = (distanceMeters / 100_000) * fuelLPer100Km;
  const amount = units === 'mi' ? litres / LITRES_PER_US_GALLON : litres;
  return { amount, unit: units === 'mi' ? 'gal' : 'L', cost: pricePerUnit === null ? null : amount * pricePerUnit };
}
