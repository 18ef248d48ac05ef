import { TripConflictError, getTrip, patchTrip } from '@/lib/trips/client-api';
import { toStopInputClient } from '@/lib/trips/stop-input';
import type { TripView } from '@/lib/trips/view';

/** Appends a place to one of my trips; a teammate's save in between is read and the place added to that. */
export async function appendPlace(tripId: string, placeId: number): Promise<TripView> {
  for (let attempt = 0; ; attempt++) {
    const { trip } = await getTrip(tripId);
    try {
      return await patchTrip(tripId, { version: trip.version, stops: [...trip.stops.map(toStopInputClient), { kind: 'place', placeId }] });
    } catch (err) {
      if (!(err instanceof TripConflictError) || attempt >= 2) throw err;
    }
  }
}
