import type { RoadAttributes } from '../edge';

/**
 * An edge's attributes as both stores keep them: one column each, named alike on both engines, in this order (with
 * the PostgreSQL array type the bulk insert unnests them as). `tunnel` is a boolean in PostgreSQL, 0 or 1 in SQLite.
 */
export const ATTRIBUTE_COLUMNS = [
  ['way_id', 'bigint'],
  ['highway', 'text'],
  ['name', 'text'],
  ['ref', 'text'],
  ['length_m', 'float8'],
  ['speed_kmh', 'float8'],
  ['speed_from', 'text'],
  ['oneway', 'text'],
  ['maxheight_m', 'float8'],
  ['maxwidth_m', 'float8'],
  ['maxlength_m', 'float8'],
  ['maxweight_t', 'float8'],
  ['access', 'text'],
  ['motorcar', 'text'],
  ['hgv', 'text'],
  ['hazmat', 'text'],
  ['tunnel', 'boolean'],
  ['tunnel_category', 'text'],
] as const;

export type AttributeRow = Record<(typeof ATTRIBUTE_COLUMNS)[number][0], unknown>;
export type StoredAttributes = RoadAttributes & { wayId: number | null; lengthM: number };

/** The values of ATTRIBUTE_COLUMNS for an edge, in their order (`tunnel` as a boolean). */
export function attributeValues(e: StoredAttributes): unknown[] {
  return [
    e.wayId,
    e.highway,
    e.name,
    e.ref,
    e.lengthM,
    e.speedKmh,
    e.speedFrom,
    e.oneway,
    e.maxheightM,
    e.maxwidthM,
    e.maxlengthM,
    e.maxweightT,
    e.access,
    e.motorcar,
    e.hgv,
    e.hazmat,
    e.tunnel,
    e.tunnelCategory,
  ];
}

/** An edge's attributes from a row of either store; `tunnel` as the engine read it. */
export function attributesFromRow(r: AttributeRow, tunnel: boolean): StoredAttributes {
  return {
    wayId: r.way_id as number | null,
    highway: r.highway as StoredAttributes['highway'],
    name: r.name as string | null,
    ref: r.ref as string | null,
    lengthM: r.length_m as number,
    speedKmh: r.speed_kmh as number,
    speedFrom: r.speed_from as StoredAttributes['speedFrom'],
    oneway: r.oneway as StoredAttributes['oneway'],
    maxheightM: r.maxheight_m as number | null,
    maxwidthM: r.maxwidth_m as number | null,
    maxlengthM: r.maxlength_m as number | null,
    maxweightT: r.maxweight_t as number | null,
    access: r.access as StoredAttributes['access'],
    motorcar: r.motorcar as StoredAttributes['motorcar'],
    hgv: r.hgv as StoredAttributes['hgv'],
    hazmat: r.hazmat as StoredAttributes['hazmat'],
    tunnel,
    tunnelCategory: r.tunnel_category as StoredAttributes['tunnelCategory'],
  };
}

/**
 * The same from the values of ATTRIBUTE_COLUMNS in their order, from `at` on (a raw SQLite row: reading a million
 * rows as arrays is five times faster than as objects of 24 named columns).
 */
export function attributesFromValues(v: readonly unknown[], at: number, tunnel: boolean): StoredAttributes {
  return {
    wayId: v[at] as number | null,
    highway: v[at + 1] as StoredAttributes['highway'],
    name: v[at + 2] as string | null,
    ref: v[at + 3] as string | null,
    lengthM: v[at + 4] as number,
    speedKmh: v[at + 5] as number,
    speedFrom: v[at + 6] as StoredAttributes['speedFrom'],
    oneway: v[at + 7] as StoredAttributes['oneway'],
    maxheightM: v[at + 8] as number | null,
    maxwidthM: v[at + 9] as number | null,
    maxlengthM: v[at + 10] as number | null,
    maxweightT: v[at + 11] as number | null,
    access: v[at + 12] as StoredAttributes['access'],
    motorcar: v[at + 13] as StoredAttributes['motorcar'],
    hgv: v[at + 14] as StoredAttributes['hgv'],
    hazmat: v[at + 15] as StoredAttributes['hazmat'],
    tunnel,
    tunnelCategory: v[at + 17] as StoredAttributes['tunnelCategory'],
  };
}
