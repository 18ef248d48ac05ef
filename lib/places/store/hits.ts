import { type NamedId, STANDARD_TAGS, valuesOf } from '../catalog';
import type { PlaceRecord } from '../place-schema';
import { EARTH_RADIUS_M, metersForChord2 } from '../geo';
import type { RouteMeasure } from '../route/line';
import type { PlaceHit, StoredPlaceRow } from './types';

const TAG_IDS = STANDARD_TAGS.map((t) => t.public_id);

/** A hit from its stored row, on any engine: the chain's public id is the engine's to resolve. */
export function placeHit(row: StoredPlaceRow, chain: string | null, distance: number | null, route: RouteMeasure | null = null): PlaceHit {
  return {
    id: row.id, body: row.body, status: row.status, tags: valuesOf(row.tags, TAG_IDS), chain, rvService: row.rv_json, distance,
    route: route && { offset: Math.round(route.along * EARTH_RADIUS_M * 10) / 10, distance: distanceOf(route.c2) },
  };
}

/** Meters from a squared chord, rounded to 0.1 as the API shows them. */
export const distanceOf = (c2: number) => Math.round(metersForChord2(c2) * 10) / 10;

/** A place's name from its stored body (the body is an open JSON object: its closing brace is added when serialized). */
export const nameOfBody = (body: string): string => (JSON.parse(`${body}}`) as { name: string }).name;

/**
 * The Place record a place was stored from, in the importer's shape: its search body and detail extras, with the
 * parts the HTTP layer adds per account (status, tags, chain, RV service) put back. For exports and checks.
 */
export function storedRecord(stored: { body: string; detail: string; status: string; tags: string[]; chain: NamedId | null; rvService: string | null }): PlaceRecord {
  const place = JSON.parse(`${stored.body}}`) as PlaceRecord;
  const { icon, visits, ...extra } = JSON.parse(stored.detail) as { icon: string; visits: number | null } & Partial<PlaceRecord>;
  return {
    ...place,
    ...extra,
    icon,
    search_icon: place.icon,
    engagement: { ...place.engagement, visits },
    status: JSON.parse(stored.status) as PlaceRecord['status'],
    tags: STANDARD_TAGS.filter((t) => stored.tags.includes(t.public_id)),
    chain: stored.chain,
    rv_service: stored.rvService ? (JSON.parse(stored.rvService) as PlaceRecord['rv_service']) : null,
  };
}
