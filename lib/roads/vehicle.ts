import { z } from 'zod';

export const VEHICLE_PRESETS = ['car', 'van', 'class-c', 'class-a', 'truck-camper', 'car-trailer'] as const;
export type VehiclePreset = (typeof VEHICLE_PRESETS)[number];

/** A rig: its size in metres, its weight in tonnes (as loaded), whether it carries propane, and what it burns. */
export interface Vehicle {
  preset: VehiclePreset | 'custom';
  label: string;
  heightM: number;
  widthM: number;
  lengthM: number;
  weightT: number;
  carryingPropane: boolean;
  /** Typical fuel use, litres per 100 km. */
  fuelLPer100Km: number;
}

/** Typical figures for each kind of rig (a North American or European example of each, rounded). */
export const PRESET_VEHICLES: Record<VehiclePreset, Vehicle> = {
  car: { preset: 'car', label: 'Car', heightM: 1.5, widthM: 1.8, lengthM: 4.6, weightT: 1.6, carryingPropane: false, fuelLPer100Km: 7 },
  van: { preset: 'van', label: 'Camper van', heightM: 2.8, widthM: 2.1, lengthM: 6.4, weightT: 3.5, carryingPropane: true, fuelLPer100Km: 12 },
  'class-c': { preset: 'class-c', label: 'Class C motorhome', heightM: 3.5, widthM: 2.5, lengthM: 8.5, weightT: 5.5, carryingPropane: true, fuelLPer100Km: 18 },
  'class-a': { preset: 'class-a', label: 'Class A motorhome', heightM: 3.9, widthM: 2.6, lengthM: 12, weightT: 13, carryingPropane: true, fuelLPer100Km: 30 },
  'truck-camper': { preset: 'truck-camper', label: 'Truck camper', heightM: 3.4, widthM: 2.4, lengthM: 6.7, weightT: 4.8, carryingPropane: true, fuelLPer100Km: 18 },
  'car-trailer': { preset: 'car-trailer', label: 'Car with travel trailer', heightM: 3.1, widthM: 2.4, lengthM: 12.5, weightT: 3.3, carryingPropane: true, fuelLPer100Km: 14 },
};

/** Over this weight a vehicle counts as heavy for `hgv=*` (the OSM definition of a heavy goods vehicle: over 3.5 t). */
export const HEAVY_VEHICLE_T = 3.5;

const size = (what: string, min: number, max: number) =>
  z
    .number({ error: `${what} must be a number` })
    .min(min, `${what} must be at least ${min} m`)
    .max(max, `${what} must be at most ${max} m`);

/** A vehicle of the traveler's own: sizes a road vehicle can have, so 0, negative or 30 m high is refused with a sentence. */
export const customVehicleSchema = z.object({
  label: z.string().trim().min(1).max(60).default('My vehicle'),
  heightM: size('Height', 1, 4.9),
  widthM: size('Width', 1, 3.5),
  lengthM: size('Length', 2, 30),
  weightT: z.number({ error: 'Weight must be a number' }).min(0.5, 'Weight must be at least 0.5 t').max(60, 'Weight must be at most 60 t'),
  carryingPropane: z.boolean().default(false),
  fuelLPer100Km: z.number().min(1, 'Fuel use must be at least 1 L/100 km').max(100, 'Fuel use must be at most 100 L/100 km').default(15),
});

export function customVehicle(input: unknown): Vehicle {
  return { preset: 'custom', ...customVehicleSchema.parse(input) };
}

export function isHeavy(vehicle: Pick<Vehicle, 'weightT'>): boolean {
  return vehicle.weightT > HEAVY_VEHICLE_T;
}
