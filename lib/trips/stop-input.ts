import type { StopInput, TripStop } from './model';

/** A stored stop as the browser sends it back: a place by its id only, a custom point whole, with its plan. */
export function toStopInputClient(stop: TripStop): StopInput {
  const plan = { id: stop.id, arrivalDate: stop.arrivalDate, nights: stop.nights, note: stop.note };
  return stop.kind === 'place' ? { kind: 'place', placeId: stop.placeId!, ...plan } : { kind: 'custom', name: stop.name, lon: stop.lon, lat: stop.lat, ...plan };
}
