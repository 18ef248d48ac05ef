import { formatDate } from '@/lib/explorer/closures';
import { addDays } from '@/lib/places/status';
import type { TripStop } from './model';

type Dated = Pick<TripStop, 'id' | 'name' | 'arrivalDate' | 'nights'>;
/** A stop as saved or as sent in a change (where the plan's fields may be left out). */
type Planned = { id?: string; arrivalDate?: string | null; nights?: number };

/** The day the traveler leaves a dated stop: its arrival plus its nights. */
export function departureDate(stop: Planned): string | null {
  return stop.arrivalDate ? addDays(stop.arrivalDate, stop.nights ?? 0) : null;
}

/** A stop whose arrival comes before the traveler leaves the stop before it, said plainly; null otherwise. */
export function orderWarning(previous: Dated | null, stop: Dated): string | null {
  const leaving = previous ? departureDate(previous) : null;
  if (!previous || !leaving || !stop.arrivalDate || stop.arrivalDate >= leaving) return null;
  return `Arrives ${formatDate(stop.arrivalDate)}, before you leave ${previous.name} on ${formatDate(leaving)}`;
}

/**
 * The stops after a plan was set on one of them. When it has an arrival date, the next stop without a date of its own
 * gets the day the traveler leaves (arrival plus nights), as a first guess the traveler can change. A next stop that
 * arrived the very day the traveler was leaving (that guess, or a date set to it) moves with the new departure, and
 * so on down the trip; any other date is the traveler's own and is never touched.
 */
export function planWithNextArrival<S extends Planned>(stops: S[], stopId: string, plan: Partial<Pick<TripStop, 'arrivalDate' | 'nights' | 'note'>>): S[] {
  const at = stops.findIndex((s) => s.id === stopId);
  if (at < 0) return stops;
  const planned = stops.slice();
  planned[at] = { ...stops[at], ...plan };
  return carryDeparture(planned, at, departureDate(stops[at]));
}

/**
 * A stay put in at `at` from the overnight plan, arriving the day the plan reaches it (`date`, null where the trip has
 * no dates): the stops that arrived that day, the day the traveler was leaving the stop before for them, move with
 * its nights, as after a plan set on a stop (above).
 */
export function withStayInserted<S extends Planned>(stops: S[], at: number, stay: S, date: string | null): S[] {
  const planned = [...stops.slice(0, at), date ? { ...stay, arrivalDate: date } : stay, ...stops.slice(at)];
  return date ? carryDeparture(planned, at, date) : planned;
}

/** The stops after `at` moved with its departure, which was `wasLeaving` (planWithNextArrival's rule). */
function carryDeparture<S extends Planned>(planned: S[], at: number, wasLeaving: string | null): S[] {
  let leaving = departureDate(planned[at]);
  for (let i = at + 1; i < planned.length && leaving; i++) {
    const next = planned[i];
    const guessed = !next.arrivalDate;
    if (!guessed && (leaving === wasLeaving || next.arrivalDate !== wasLeaving)) break;
    planned[i] = { ...next, arrivalDate: leaving };
    // A first guess ends it: the stops after had no date from this one.
    if (guessed) break;
    wasLeaving = departureDate(next);
    leaving = departureDate(planned[i]);
  }
  return planned;
}
