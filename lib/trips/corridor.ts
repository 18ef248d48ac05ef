import { toMeters, type Units } from '@/lib/explorer/geo';
import { MAX_CORRIDOR_KM } from './along-search';

/**
 * The "find along this trip" corridor in the traveler's units: whole numbers, 1 to 50 km or 1 to 30 mi (48 km, within
 * the search's 50 km), starting at 10 km or 6 mi.
 */
export const CORRIDOR: Record<Units, { min: number; max: number; initial: number }> = {
  km: { min: 1, max: MAX_CORRIDOR_KM, initial: 10 },
  mi: { min: 1, max: 30, initial: 6 },
};

export function validCorridor(value: string, units: Units): boolean {
  const n = Number(value);
  return value.trim() !== '' && Number.isFinite(n) && n >= CORRIDOR[units].min && n <= CORRIDOR[units].max;
}

/** The corridor's width for alongSearchParams, which takes kilometers. */
export function corridorKm(value: number, units: Units): number {
  return toMeters(value, units) / 1000;
}

/** `10 km`, `6 mi`: the corridor as the results name it ("within 6 mi of your route"). */
export function formatCorridor(value: number, units: Units): string {
  return `${value} ${units}`;
}
