import { arrayMove } from '@dnd-kit/sortable';
import type { StopInput, TripStop } from '@/lib/trips/model';
import type { TripChange } from '@/lib/trips/optimistic-view';
import { cheapestInsertion } from '@/lib/trips/insert-position';
import { withStopRestored } from '@/lib/trips/removal-undo';
import { planWithNextArrival, withStayInserted } from '@/lib/trips/stay-dates';
import { toStopInputClient } from '@/lib/trips/stop-input';
import type { TripVehicle } from '@/lib/trips/vehicle';
import type { StopPlan } from './plan-fields';

type Save = (change: TripChange | ((stops: StopInput[]) => TripChange)) => Promise<unknown>;

/** The changes the trip page makes to its stops, each saved on the stops as last seen (useTripEditor's `save`). */
export function tripEdits(save: Save) {
  return {
    rename: (name: string) => save({ name }),
    vehicle: (vehicle: TripVehicle) => save({ vehicle }),
    reorder: (from: number, to: number) => save((stops) => ({ stops: arrayMove(stops, from, to) })),
    plan: (stopId: string, plan: StopPlan) => save((stops) => ({ stops: planWithNextArrival(stops, stopId, plan) })),
    remove: (stopId: string) => save((stops) => ({ stops: stops.filter((s) => s.id !== stopId) })),
    restore: (stop: TripStop, at: number) => save((stops) => ({ stops: withStopRestored(stops, toStopInputClient(stop), at) })),
    addPoint: (stop: { name: string; lon: number; lat: number }) => save((stops) => ({ stops: [...stops, { kind: 'custom', ...stop }] })),
    /** A night at a place the overnight plan proposes, on the day it reaches it (the next stops' dates follow). */
    addOvernight: (placeId: number, at: number, date: string | null) => save((stops) => ({ stops: withStayInserted(stops, at, { kind: 'place', placeId, nights: 1 }, date) })),
    addAlong: (placeId: number, at: number) => save((stops) => ({ stops: [...stops.slice(0, at), { kind: 'place', placeId }, ...stops.slice(at)] })),
    /** A stop found by name, at its place on the way (`cheapestInsertion`): a dataset place, or a town or park as a point. */
    addOnTheWay: (shown: TripStop[], found: { placeId?: number; name: string; lon: number; lat: number }) => {
      const at = cheapestInsertion(shown, found);
      const stop: StopInput = found.placeId !== undefined ? { kind: 'place', placeId: found.placeId } : { kind: 'custom', name: found.name, lon: found.lon, lat: found.lat };
      return save((stops) => ({ stops: [...stops.slice(0, at), stop, ...stops.slice(at)] }));
    },
  };
}
