import type { Leg, LegRouter } from './legs/types';
import type { Trip, TripStop } from './model';

export interface TripTotals {
  distanceMeters: number;
  durationSeconds: number;
  nights: number;
}

/** What the trip page and the API show: the trip, its legs measured by the router, and its totals. */
export interface TripView {
  trip: Omit<Trip, 'shareToken' | 'ownerId'> & { stops: TripStop[] };
  legs: Leg[];
  totals: TripTotals;
  router: { kind: LegRouter['kind']; describe: string };
  /** What this caller may do (the page hides what the server would refuse). */
  access: { owner: boolean; edit: boolean; shareToken: string | null };
}

export async function tripView(trip: Trip, router: LegRouter, access: { owner: boolean; edit: boolean }): Promise<TripView> {
  const legs = await router.legs(trip.stops.map((s) => [s.lon, s.lat]));
  const { shareToken, ownerId: _ownerId, ...rest } = trip;
  return {
    trip: rest,
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
