import type { TripStop } from '@/lib/trips/model';

/** How a stop opens its details: a place stop by its id; a point of the traveler's own has none. */
export function placeOpener(stop: TripStop, onOpen?: (placeId: number) => void): (() => void) | undefined {
  const placeId = stop.kind === 'place' ? stop.placeId : null;
  return placeId !== null && onOpen ? () => onOpen(placeId) : undefined;
}
