import { z } from 'zod';
import type { Session } from '@/lib/auth/with-session';
import type { Vehicle } from '@/lib/roads/vehicle';
import type { TripStore } from './store/types';
import { DEFAULT_TRIP_VEHICLE, resolveVehicle, tripVehicleInput, type TripVehicle } from './vehicle';

/** `PUT /api/trips/vehicle`: the rig a person's new trips start with. */
export const defaultVehicleInput = z.object({ vehicle: tripVehicleInput }).strict();

/** A custom rig with a 60-character label is well under 1 KB. */
export const MAX_DEFAULT_VEHICLE_BODY_BYTES = 4 * 1024;

export interface DefaultVehicleView {
  /** As kept (a car when none was chosen). */
  vehicle: TripVehicle;
  /** With all its figures. */
  resolved: Vehicle;
  /** Whether the person chose one; if not, new trips start with a car. */
  chosen: boolean;
}

type Caller = Pick<Session, 'userId'>;

const viewOf = (vehicle: TripVehicle | null): DefaultVehicleView => ({
  vehicle: vehicle ?? DEFAULT_TRIP_VEHICLE,
  resolved: resolveVehicle(vehicle ?? DEFAULT_TRIP_VEHICLE),
  chosen: vehicle !== null,
});

export async function getDefaultVehicle(store: TripStore, caller: Caller): Promise<DefaultVehicleView> {
  return viewOf(await store.defaultVehicle(caller.userId));
}

/** Trips already made keep their own vehicle; only new ones start with this. */
export async function setDefaultVehicle(store: TripStore, caller: Caller, vehicle: TripVehicle, now = new Date().toISOString()): Promise<DefaultVehicleView> {
  await store.setDefaultVehicle(caller.userId, vehicle, now);
  return viewOf(vehicle);
}
