import { z } from 'zod';
import { customVehicleSchema, PRESET_VEHICLES, VEHICLE_PRESETS, type Vehicle, type VehiclePreset } from '@/lib/roads/vehicle';

const PRESET_NAMES = [...VEHICLE_PRESETS, 'custom'].join(', ');

/**
 * A trip's vehicle as the API takes it and the store keeps it: a preset by its name alone (so its figures can be
 * corrected later and every trip follows), or a rig of the traveler's own with all its figures.
 */
export const tripVehicleInput = z.discriminatedUnion(
  'preset',
  [
    z.strictObject(
      { preset: z.enum(VEHICLE_PRESETS) },
      { error: (issue) => (issue.code === 'unrecognized_keys' ? 'a preset vehicle has its own figures: to give yours, choose the preset "custom"' : undefined) },
    ),
    customVehicleSchema.extend({ preset: z.literal('custom') }).strict(),
  ],
  { error: (issue) => (issue.code === 'invalid_union' ? `a vehicle preset is one of ${PRESET_NAMES}` : undefined) },
);
export type TripVehicle = z.output<typeof tripVehicleInput>;

/** What a trip with no vehicle of its own (saved before vehicles were kept) and a person with no default rig drive. */
export const DEFAULT_TRIP_VEHICLE: TripVehicle = { preset: 'car' };

const isPreset = (preset: string): preset is VehiclePreset => Object.hasOwn(PRESET_VEHICLES, preset);

/** The full figures the road router needs: a preset's current ones, or the traveler's own. An unknown preset drives as a car. */
export function resolveVehicle(vehicle: TripVehicle): Vehicle {
  if (vehicle.preset !== 'custom') return PRESET_VEHICLES[isPreset(vehicle.preset) ? vehicle.preset : 'car'];
  const { preset, label, heightM, widthM, lengthM, weightT, carryingPropane, fuelLPer100Km } = vehicle;
  return { preset, label, heightM, widthM, lengthM, weightT, carryingPropane, fuelLPer100Km };
}

/** A stored vehicle column (JSON text, null when none was kept) as the trip reads. */
export function vehicleFromColumn(text: string | null): TripVehicle {
  return text ? (JSON.parse(text) as TripVehicle) : DEFAULT_TRIP_VEHICLE;
}

export const vehicleToColumn = (vehicle: TripVehicle | undefined): string | null => (vehicle ? JSON.stringify(vehicle) : null);
