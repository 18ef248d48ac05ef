import { z } from 'zod';
import { MAX_NIGHTS, MAX_NOTE, MAX_STOPS, MAX_TRIP_NAME } from './limits';
import { tripVehicleInput, type TripVehicle } from './vehicle';

export { MAX_NIGHTS, MAX_NOTE, MAX_STOPS, MAX_TRIP_NAME };

const longitude = z.number().finite().min(-180, 'a longitude is between -180 and 180').max(180, 'a longitude is between -180 and 180');
const latitude = z.number().finite().min(-90, 'a latitude is between -90 and 90').max(90, 'a latitude is between -90 and 90');

// Control characters (NUL, escape, DEL...) have no place in a name or a note, and would make the GPX export invalid
// XML. A name is one line: line breaks and tabs in it (a pasted or imported name) become spaces.
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
const oneLine = (s: string) => s.replace(/[\t\n\r]+/g, ' ');

/** A trip's or a stop's name: one line, trimmed, 1 to MAX_TRIP_NAME characters, no control characters. */
const name = (of: 'trip' | 'stop') =>
  z
    .string()
    .transform(oneLine)
    .pipe(
      z
        .string()
        .trim()
        .min(1, `a ${of} needs a name`)
        .max(MAX_TRIP_NAME, `a ${of} name is at most ${MAX_TRIP_NAME} characters`)
        .refine((s) => !CONTROL.test(s), `a ${of} name cannot contain control characters`),
    );

export const tripName = name('trip');
const stopName = name('stop');

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'a date is written YYYY-MM-DD')
  .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d), 'not a real date');

/** What a traveler plans at each stop, whatever kind it is. */
const plan = {
  /** A stop's id within its trip: kept across edits so the page can follow a stop while it moves. */
  id: z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, 'a stop id is 1-40 letters, digits, - or _').optional(),
  arrivalDate: isoDate.nullish(),
  nights: z.number().int().min(0).max(MAX_NIGHTS, `at most ${MAX_NIGHTS} nights`).optional(),
  note: z
    .string()
    .max(MAX_NOTE, `a note is at most ${MAX_NOTE} characters`)
    .refine((s) => !CONTROL.test(s), 'a note cannot contain control characters (line breaks and tabs are fine)')
    .optional(),
};

/** A stop as the browser sends it: a place is named by its id only (its name and position come from the Place API). */
export const stopInput = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('place'), placeId: z.number().int().positive().max(999_999_999_999_999), ...plan }).strict(),
  z.object({ kind: z.literal('custom'), name: stopName, lon: longitude, lat: latitude, ...plan }).strict(),
]);
export type StopInput = z.infer<typeof stopInput>;

const stopList = z.array(stopInput).max(MAX_STOPS, `a trip has at most ${MAX_STOPS} stops`);

/** Without a vehicle, a new trip starts with its owner's default rig (or a car). */
export const createTripInput = z.object({ name: tripName, stops: stopList.default([]), vehicle: tripVehicleInput.optional() }).strict();
export type CreateTripInput = z.infer<typeof createTripInput>;

/** A change: the version it was made on, and what changes (the stops are replaced whole: order, plans, removals). */
export const patchTripInput = z
  .object({ version: z.number().int().positive(), name: tripName.optional(), stops: stopList.optional(), vehicle: tripVehicleInput.optional() })
  .strict();
export type PatchTripInput = z.infer<typeof patchTripInput>;

export const shareWithOrganizationInput = z.object({ organizationId: z.string().min(1).max(200).nullable() }).strict();

export interface TripStop {
  id: string;
  kind: 'place' | 'custom';
  /** Set for a place stop: the Place API id its name and position were copied from. */
  placeId: number | null;
  name: string;
  lon: number;
  lat: number;
  /**
   * A place stop's town and region ("Moab, UT"), copied from the Place API with its name and position; absent on
   * custom points, and on place stops saved before it was kept.
   */
  locality?: string;
  arrivalDate: string | null;
  nights: number;
  note: string;
}

export interface Trip {
  id: string;
  ownerId: string;
  /** The organization whose members may view and edit it; null: private to its owner. */
  organizationId: string | null;
  name: string;
  stops: TripStop[];
  /** What it is driven with, as kept: a preset's name, or a custom rig's figures (a car when none was kept). */
  vehicle: TripVehicle;
  /** Grows by one on every save: a change made on an older version is refused (409). */
  version: number;
  /** The read-only link's token, kept to show its owner again; lookups go by its hash. */
  shareToken: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface TripSummary {
  id: string;
  name: string;
  ownerId: string;
  organizationId: string | null;
  stopCount: number;
  updatedAt: string;
}
