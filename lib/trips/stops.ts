import crypto from 'node:crypto';
import { HttpError } from '@/lib/http/http-error';
import type { StopInput, TripStop } from './model';

/** What the Place API says about a place a stop names; null when it does not know the id. */
export interface PlaceFacts {
  name: string;
  lon: number;
  lat: number;
  /** Its town and region, for the stop to show where it is (lib/explorer/locality.ts). */
  locality?: string;
}

/** Looks up several place ids at once (one batched read): the facts of those it knows, by id asked. */
export type PlaceLookup = (placeIds: number[]) => Promise<Map<number, PlaceFacts>>;

function newStopId(): string {
  return crypto.randomBytes(6).toString('base64url');
}

/**
 * Turns the browser's stops into stored ones. A place stop's name and position are copied from the Place API, never
 * from the browser; a place already on the trip keeps what was copied then (no call), the new ones are looked up
 * together (one lookup, each id once), and an id the Place API does not know is a 400 naming the stop.
 */
export async function resolveStops(inputs: StopInput[], current: TripStop[], lookup: PlaceLookup): Promise<TripStop[]> {
  const known = new Map(current.filter((s) => s.placeId !== null).map((s) => [s.placeId!, s]));
  const wanted = [...new Set(inputs.flatMap((s) => (s.kind === 'place' && !known.has(s.placeId) ? [s.placeId] : [])))];
  const found = wanted.length ? await lookup(wanted) : new Map<number, PlaceFacts>();
  const seen = new Set<string>();
  return inputs.map((input, index) => {
    const id = input.id && !seen.has(input.id) ? input.id : newStopId();
    seen.add(id);
    const plan = { id, arrivalDate: input.arrivalDate ?? null, nights: input.nights ?? 0, note: input.note ?? '' };
    if (input.kind === 'custom') return { ...plan, kind: 'custom', placeId: null, name: input.name, lon: input.lon, lat: input.lat };
    const facts = known.get(input.placeId) ?? found.get(input.placeId);
    if (!facts) throw new HttpError(400, 'unknown_place', `stops.${index}.placeId: there is no place ${input.placeId}`, { parameter: `stops.${index}.placeId` });
    return { ...plan, kind: 'place', placeId: input.placeId, name: facts.name, lon: facts.lon, lat: facts.lat, ...(facts.locality ? { locality: facts.locality } : {}) };
  });
}
