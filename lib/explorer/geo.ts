import { formatCount } from './intl-cache';

/** The sphere's helpers, which the Explorer's modules import from here beside its units. */
export * from '@/lib/geo/sphere';

export type Units = 'km' | 'mi';
const METERS_PER: Record<Units, number> = { km: 1000, mi: 1609.344 };

export function toMeters(value: number, units: Units): number {
  return Math.round(value * METERS_PER[units]);
}

export function fromMeters(meters: number, units: Units): number {
  return meters / METERS_PER[units];
}

export function formatDistance(meters: number, units: Units): string {
  const value = fromMeters(meters, units);
  if (units === 'km' && value < 1) return `${Math.round(meters)} m`;
  if (units === 'mi' && value < 0.1) return `${Math.round(meters * 3.28084)} ft`;
  return `${value < 10 ? value.toFixed(1) : formatCount(Math.round(value))} ${units}`;
}
