import { bitIndex, maskOf, RV_AVAILABLE_SERVICES, RV_SERVICED_MAKES, RV_TYPES, STANDARD_TAGS } from '../catalog';
import { unitVector } from '../geo';
import type { PlaceRecord } from '../place-schema';
import { type RankedRecord, rankingFigures } from '../ranking';
import { statusAsOf } from '../status';
import { fold, words } from '../text';
import { cellOf } from './grid';

export const tagBits = bitIndex(STANDARD_TAGS.map((t) => t.public_id));
export const makeBits = bitIndex(RV_SERVICED_MAKES);
export const typeBits = bitIndex(RV_TYPES);
export const serviceBits = bitIndex(RV_AVAILABLE_SERVICES);

export const RV_FLAG_RENTAL = 1;
export const RV_FLAG_ASSOCIATION = 2;
export const RV_FLAG_PARTNER = 4;

export class PlaceWriteError extends Error {}

/**
 * A place's JSON object text without its closing brace, and without the account-dependent parts (status, tags,
 * chain, rv_service, distance) that the HTTP layer appends per account.
 */
export type OpenPlaceJson = string & { readonly __openPlaceJson: unique symbol };

/** Splits a Place record into the search body and the detail extras. */
export function placeParts(p: PlaceRecord): { body: OpenPlaceJson; detail: string } {
  // Spec order; detail-only fields and the account-dependent parts (tags, chain, rv_service, status) stay out.
  const body = JSON.stringify({
    id: p.id,
    name: p.name,
    alt_names: p.alt_names,
    description: p.description,
    subtitle: p.subtitle,
    hours: p.hours,
    icon: p.search_icon ?? p.icon,
    contact_info: p.contact_info,
    details: p.details,
    parking_details: p.parking_details,
    engagement: { rating_count: p.engagement.rating_count, avg_rating: p.engagement.avg_rating },
    locations: p.locations,
    images: p.images,
    road_trip_details: p.road_trip_details,
    temporary_closures: p.temporary_closures,
    fidelity: p.fidelity,
    time_zone: p.time_zone,
  }).slice(0, -1) as OpenPlaceJson;
  const detail = JSON.stringify({
    icon: p.icon,
    visits: p.engagement.visits,
    previous_ids: p.previous_ids,
    restaurant_details: p.restaurant_details,
    reviews: p.reviews,
    regions_hierarchy: p.regions_hierarchy,
    owner_updated_on: p.owner_updated_on ?? null,
  });
  return { body, detail };
}

/** What a place's sort columns are computed from, in a record or a stored body and detail (the traveler ranking). */
export function rankedRecord(p: Pick<PlaceRecord, 'fidelity' | 'engagement' | 'images' | 'reviews'>): RankedRecord {
  return { fidelity: p.fidelity, engagement: p.engagement, images: p.images.length, reviews: p.reviews.length };
}

/** The text searched by `name` (names) and, with it, by `cultural_query` (names and culture). */
export function searchTexts(p: Pick<PlaceRecord, 'name' | 'alt_names' | 'subtitle' | 'description' | 'road_trip_details'>) {
  return {
    names: [p.name, ...p.alt_names].join('\n'),
    culture: [p.subtitle, p.description, p.road_trip_details.editorial].join('\n'),
  };
}

/** The same texts from a stored body: what a copy between engines rebuilds its text index from. */
export function searchTextsOfBody(body: OpenPlaceJson | string) {
  return searchTexts(JSON.parse(`${body}}`) as PlaceRecord);
}

/** Distinct folded words, as both engines index them. */
export const indexWords = (text: string) => [...new Set(words(text))];

/** Every indexed column of a place, computed once in JavaScript so that every engine stores the same values. */
export interface PlaceColumns {
  id: number;
  cell: number;
  lon: number;
  lat: number;
  x: number;
  y: number;
  z: number;
  tags: number;
  chain: number;
  fidelity: number;
  rv: number;
  relevance: number;
  rating: number;
  rating_count: number;
  name_key: string;
  country: string;
  state: string;
  rv_makes: number;
  rv_types: number;
  rv_services: number;
  rv_flags: number;
  rv_amenities: string;
  status: string;
  closures: string | null;
  rv_json: string | null;
  body: OpenPlaceJson;
  detail: string;
}

/** Validates a record's vocabulary and computes its columns; `chainCode` maps a chain to the engine's code. */
export function placeColumns(p: PlaceRecord, chainCode: number, today: string): PlaceColumns {
  const loc = p.locations[0];
  const lon = loc.longitude;
  const lat = loc.latitude;
  const [x, y, z] = unitVector(lon, lat);
  const unknownTag = p.tags.find((t) => !tagBits.has(t.public_id));
  if (unknownTag) throw new PlaceWriteError(`tag ${unknownTag.public_id} is not a standard tag`);
  const rv = p.rv_service;
  if (rv) {
    const bad =
      rv.serviced_makes.find((v) => !makeBits.has(v)) ?? rv.serviced_rv_types.find((v) => !typeBits.has(v)) ?? rv.available_services.find((v) => !serviceBits.has(v));
    if (bad !== undefined) throw new PlaceWriteError(`rv_service value "${bad}" is not in the RV service lists`);
  }
  const { body, detail } = placeParts(p);
  return {
    id: p.id,
    cell: cellOf(lon, lat),
    lon,
    lat,
    x,
    y,
    z,
    tags: maskOf(p.tags.map((t) => t.public_id), tagBits),
    chain: chainCode,
    fidelity: p.fidelity,
    rv: rv ? 1 : 0,
    ...rankingFigures(rankedRecord(p)),
    name_key: fold(p.name),
    country: loc.country,
    state: `${loc.country}-${loc.state}`,
    rv_makes: rv ? maskOf(rv.serviced_makes, makeBits) : 0,
    rv_types: rv ? maskOf(rv.serviced_rv_types, typeBits) : 0,
    rv_services: rv ? maskOf(rv.available_services, serviceBits) : 0,
    rv_flags: rv ? (rv.rental_available ? RV_FLAG_RENTAL : 0) | (rv.association_member ? RV_FLAG_ASSOCIATION : 0) | (rv.partner_dealer ? RV_FLAG_PARTNER : 0) : 0,
    rv_amenities: rv ? rv.dealer_amenities.map(fold).join('\n') : '',
    status: JSON.stringify(statusAsOf(p.temporary_closures, today, today)),
    closures: p.temporary_closures.length ? JSON.stringify(p.temporary_closures) : null,
    rv_json: rv ? JSON.stringify(rv) : null,
    body,
    detail,
  };
}
