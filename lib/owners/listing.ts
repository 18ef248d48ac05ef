import { isDeepStrictEqual } from 'node:util';
import type { Closure, PlaceRecord } from '@/lib/places/place-schema';

/** The fields of a place its owner keeps: everything else stays as the dataset (or the last import) has it. */
export const OWNED_FIELDS = ['hours', 'temporary_closures', 'contact_info', 'description', 'rv_service'] as const;
export type OwnedField = (typeof OWNED_FIELDS)[number];

/** What an owner may set of a place's RV service: the rest of it (types, services, memberships) is the dataset's. */
export interface OwnedRvService {
  serviced_makes: string[];
  dealer_amenities: string[];
  rental_available: boolean;
}

export interface Listing {
  hours: PlaceRecord['hours'];
  temporary_closures: Closure[];
  contact_info: PlaceRecord['contact_info'];
  description: string;
  /** Null for a place that is not an RV service provider: an owner cannot make it one. */
  rv_service: OwnedRvService | null;
}

/** The owned fields of a place as stored now. */
export function listingOf(place: PlaceRecord): Listing {
  const rv = place.rv_service;
  return {
    hours: place.hours,
    temporary_closures: place.temporary_closures,
    contact_info: place.contact_info,
    description: place.description,
    rv_service: rv && { serviced_makes: rv.serviced_makes, dealer_amenities: rv.dealer_amenities, rental_available: rv.rental_available },
  };
}

const DAYS = ['sun_open_close', 'mon_open_close', 'tue_open_close', 'wed_open_close', 'thu_open_close', 'fri_open_close', 'sat_open_close'] as const;
const SCHEDULE_ORDER = ['<default>', 'summer', 'holiday', 'kitchen'];

/**
 * The hours in the API's order (schedules by SCHEDULE_ORDER, then the rest; days Sunday first): PostgreSQL's jsonb
 * gives an object's keys back in an order of its own, and the API answers in the spec's.
 */
function orderedHours(hours: PlaceRecord['hours']): PlaceRecord['hours'] {
  const names = Object.keys(hours).sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
  return Object.fromEntries(names.map((name) => [name, Object.fromEntries(DAYS.map((d) => [d, hours[name]![d]]))])) as PlaceRecord['hours'];
}
const rank = (name: string) => (SCHEDULE_ORDER.includes(name) ? SCHEDULE_ORDER.indexOf(name) : SCHEDULE_ORDER.length);

/** The place with the listing's fields in place of its own, each in the API's order of keys. */
export function withListing(place: PlaceRecord, listing: Partial<Listing>): PlaceRecord {
  const next: PlaceRecord = { ...place };
  if (listing.hours) next.hours = orderedHours(listing.hours);
  if (listing.temporary_closures) next.temporary_closures = listing.temporary_closures.map((c) => ({ id: c.id, start_date: c.start_date, end_date: c.end_date, reason: c.reason }));
  if (listing.contact_info) next.contact_info = { phone: listing.contact_info.phone, email: listing.contact_info.email, website: listing.contact_info.website };
  if (listing.description !== undefined) next.description = listing.description;
  if (listing.rv_service && place.rv_service) {
    const { serviced_makes, dealer_amenities, rental_available } = listing.rv_service;
    next.rv_service = { ...place.rv_service, serviced_makes, dealer_amenities, rental_available } as PlaceRecord['rv_service'];
  }
  return next;
}

/** The fields whose values differ between two listings, in OWNED_FIELDS order (whatever the order of their keys). */
export function changedFields(before: Partial<Listing>, after: Partial<Listing>): OwnedField[] {
  return OWNED_FIELDS.filter((f) => f in after && !isDeepStrictEqual(before[f], after[f]));
}

/** Only the named fields of a listing. */
export function pick(listing: Listing, fields: readonly OwnedField[]): Partial<Listing> {
  const out: Partial<Listing> = {};
  for (const f of fields) (out as Record<string, unknown>)[f] = listing[f];
  return out;
}
