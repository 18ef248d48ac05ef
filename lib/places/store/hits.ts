import { STANDARD_TAGS, valuesOf } from '../catalog';
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
