import type { AccessValue, TunnelCategory } from './osm-units';
import type { RoadClass } from './road-classes';

export type LonLat = [number, number];

/** The limits and access rules of a stretch of road, read from its OSM tags; null where the tag is absent or says no limit. */
export interface RoadLimits {
  maxheightM: number | null;
  maxwidthM: number | null;
  maxlengthM: number | null;
  maxweightT: number | null;
  /** General motor-vehicle access: `motor_vehicle`, else `vehicle`, else `access` (the OSM access hierarchy). */
  access: AccessValue | null;
  /** `motorcar`: overrides `access` for vehicles up to 3.5 t. */
  motorcar: AccessValue | null;
  /** `hgv`: overrides `access` for vehicles over 3.5 t. */
  hgv: AccessValue | null;
  hazmat: AccessValue | null;
  tunnel: boolean;
  /** ADR tunnel category, only read on tunnels. */
  tunnelCategory: TunnelCategory | null;
}

/** A road with no limit and no access rule: any vehicle may use it. */
export const NO_LIMITS: RoadLimits = {
  maxheightM: null,
  maxwidthM: null,
  maxlengthM: null,
  maxweightT: null,
  access: null,
  motorcar: null,
  hgv: null,
  hazmat: null,
  tunnel: false,
  tunnelCategory: null,
};

/** A road's attributes, from its tags, before it is cut into edges between junctions. */
export interface RoadAttributes extends RoadLimits {
  highway: RoadClass;
  name: string | null;
  ref: string | null;
  speedKmh: number;
  /** Whether the speed comes from the way's `maxspeed` or from its class's default. */
  speedFrom: 'maxspeed' | 'class';
  oneway: 'forward' | 'backward' | 'both';
}

/** One edge of a network: a stretch of road between two junctions (or ends), drawn from `from` to `to`. */
export interface RoadEdge extends RoadAttributes {
  id: number;
  from: number;
  to: number;
  /** The OSM way it comes from, where the input named one. */
  wayId: number | null;
  lengthM: number;
  geometry: LonLat[];
}

export interface RoadNode {
  id: number;
  /** The OSM node, for OSM input; GeoJSON input keys nodes by their rounded coordinates instead. */
  osmId: number | null;
  lon: number;
  lat: number;
}

const LIMIT_KEYS = ['maxheightM', 'maxwidthM', 'maxlengthM', 'maxweightT', 'access', 'motorcar', 'hgv', 'hazmat', 'tunnelCategory'] as const;

/** Whether any limit or access rule is set: most edges have none, and the router skips their checks. */
export function hasLimits(limits: RoadLimits): boolean {
  return limits.tunnel || LIMIT_KEYS.some((key) => limits[key] !== null);
}
