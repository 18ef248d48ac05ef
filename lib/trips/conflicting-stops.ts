import type { TripStop } from './model';

/** How a stop of the traveler's version stands against the version on the server. */
export type StopConflict = 'changed' | 'removed';

const same = (a: TripStop, b: TripStop) =>
  a.name === b.name && a.lon === b.lon && a.lat === b.lat && a.arrivalDate === b.arrivalDate && a.nights === b.nights && a.note === b.note;

/**
 * The stops of `mine` that are not as they are in `theirs`, by id: changed on one side or the other (name, position,
 * dates, nights, note), or gone from the server's version. A stop only the server has is not in `mine` to mark.
 */
export function conflictingStops(mine: readonly TripStop[], theirs: readonly TripStop[]): Map<string, StopConflict> {
  const server = new Map(theirs.map((s) => [s.id, s]));
  const out = new Map<string, StopConflict>();
  for (const stop of mine) {
    const other = server.get(stop.id);
    if (!other) out.set(stop.id, 'removed');
    else if (!same(stop, other)) out.set(stop.id, 'changed');
  }
  return out;
}
