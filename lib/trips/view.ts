import type { Vehicle } from '@/lib/roads/vehicle';
import type { Leg, LegRouter } from './legs/types';
import type { Trip, TripStop } from './model';
import { resolveVehicle } from './vehicle';

export interface TripTotals {
  distanceMeters: number;
  durationSeconds: number;
  nights: number;
}

/** What the trip page and the API show: the trip, its legs measured by the router for its vehicle, and its totals. */
export interface TripView {
  trip: Omit<Trip, 'shareToken' | 'ownerId'> & { stops: TripStop[] };
  /** The trip's vehicle with all its figures (`trip.vehicle` is as kept: a preset's name, or a custom rig). */
  vehicle: Vehicle;
  legs: Leg[];
  totals: TripTotals;
  router: { kind: LegRouter['kind']; describe: string };
  /** What this caller may do (the page hides what the server would refuse). */
  access: { owner: boolean; edit: boolean; shareToken: string | null };
  /** Opened by its share link: the name of the person who shared it (null when the directory cannot say). */
  sharedBy?: string | null;
}

export async function tripView(trip: Trip, router: LegRouter, access: { owner: boolean; edit: boolean }): Promise<TripView> {
  const vehicle = resolveVehicle(trip.vehicle);
  const legs = await router.legs(trip.stops.map((s) => [s.lon, s.lat]), vehicle);
  const { shareToken, ownerId: _ownerId, ...rest } = trip;
  return {
    trip: rest,
    vehicle,
    legs,
    totals: {
      distanceMeters: legs.reduce((sum, l) => sum + l.distanceMeters, 0),
      durationSeconds: legs.reduce((sum, l) => sum + l.durationSeconds, 0),
      nights: trip.stops.reduce((sum, s) => sum + s.nights, 0),
    },
    router: { kind: router.kind, describe: router.describe },
    access: { ...access, shareToken: access.owner ? shareToken : null },
  };
}
