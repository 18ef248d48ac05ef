import type { StopInput, TripStop } from './model';
import type { TripVehicle } from './vehicle';
import type { TripView } from './view';

export interface TripChange {
  name?: string;
  stops?: StopInput[];
  vehicle?: TripVehicle;
}

/**
 * Applies a change to the stops already known, so a reorder or an edit shows at once. Legs are the server's to
 * measure: when the order changes they are left out (the page says they are being measured) until it answers,
 * rather than shown against the wrong stops.
 */
export function optimistic(shown: TripView, change: TripChange): TripView {
  // Another vehicle drives other roads: its legs are the server's to measure too.
  const view = change.vehicle
    ? { ...shown, trip: { ...shown.trip, vehicle: change.vehicle }, legs: [], totals: { ...shown.totals, distanceMeters: 0, durationSeconds: 0 } }
    : shown;
  if (!change.stops) return change.name ? { ...view, trip: { ...view.trip, name: change.name } } : view;
  const byId = new Map(view.trip.stops.map((s) => [s.id, s]));
  const stops: TripStop[] = [];
  for (const input of change.stops) {
    const known = input.id ? byId.get(input.id) : undefined;
    if (!known) return { ...view, trip: { ...view.trip, name: change.name ?? view.trip.name } };
    stops.push({ ...known, arrivalDate: input.arrivalDate ?? null, nights: input.nights ?? 0, note: input.note ?? '' });
  }
  const sameOrder = stops.length === view.trip.stops.length && stops.every((s, i) => s.id === view.trip.stops[i].id);
  const nights = stops.reduce((sum, s) => sum + s.nights, 0);
  return {
    ...view,
    trip: { ...view.trip, name: change.name ?? view.trip.name, stops },
    legs: sameOrder ? view.legs : [],
    totals: sameOrder ? { ...view.totals, nights } : { distanceMeters: 0, durationSeconds: 0, nights },
  };
}
