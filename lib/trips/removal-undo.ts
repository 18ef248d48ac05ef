import type { TripStop } from './model';

/** A stop just removed, kept so "Undo" can put it back where it was. */
export interface Removal {
  stop: TripStop;
  index: number;
  /** The stops' signatures before the removal and after it, to tell the removal from the next change. */
  before: string;
  after: string;
  /** The list without the stop has been shown (the removal took effect). */
  applied: boolean;
}

/** What a list of stops is, for telling changes apart: their order and plans. */
export function stopsSignature(stops: Pick<TripStop, 'id' | 'arrivalDate' | 'nights' | 'note'>[]): string {
  return JSON.stringify(stops.map((s) => [s.id, s.arrivalDate, s.nights, s.note]));
}

export function startRemoval(stops: TripStop[], stopId: string): Removal | null {
  const index = stops.findIndex((s) => s.id === stopId);
  if (index < 0) return null;
  return { stop: stops[index], index, before: stopsSignature(stops), after: stopsSignature(stops.filter((s) => s.id !== stopId)), applied: false };
}

/**
 * The removal as the stops change: kept while it is on its way (the list still as before) and once it took effect;
 * gone at the next change (an edit, a reorder, a teammate's version) or when it was not saved (the stop is back).
 */
export function followRemoval(removal: Removal, stops: Pick<TripStop, 'id' | 'arrivalDate' | 'nights' | 'note'>[]): Removal | null {
  const now = stopsSignature(stops);
  if (now === removal.after) return removal.applied ? removal : { ...removal, applied: true };
  if (now === removal.before && !removal.applied) return removal;
  return null;
}

/** The stops with a removed one put back at its place (or last, when the list got shorter since). */
export function withStopRestored<S>(stops: S[], stop: S, index: number): S[] {
  const at = Math.max(0, Math.min(index, stops.length));
  return [...stops.slice(0, at), stop, ...stops.slice(at)];
}
