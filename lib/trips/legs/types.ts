import type { Detour, PlacedRestriction } from '@/lib/roads/router/types';
import type { Vehicle } from '@/lib/roads/vehicle';

export type LonLat = [number, number];

/**
 * How a leg was measured, where a road router measures the trip: on roads (going around the limits the rig breaks),
 * on roads breaking limits because no legal route exists (said, with where), or as a straight line, with why.
 */
export type LegMeasure =
  | { by: 'road'; restrictionsAvoided: PlacedRestriction[]; detour?: Detour }
  | { by: 'road-breaking-restrictions'; refused: PlacedRestriction[] }
  | { by: 'straight-line'; why: string };

export interface Leg {
  distanceMeters: number;
  durationSeconds: number;
  /** The line to draw, longitudes unwrapped (continuous across the antimeridian, so they may pass ±180). */
  geometry: LonLat[];
  /** Set by the road router; a straight-line router's legs are all straight lines and say so once, in `describe`. */
  measure?: LegMeasure;
}

/**
 * Measures the legs between consecutive stops: a great-circle one, or the road router over the road network in use
 * for the trip's vehicle. `kind` and `describe` say which, on the page.
 */
export interface LegRouter {
  kind: 'straight-line' | 'road';
  /** How the page labels the numbers ("Straight-line distances; times at an average 80 km/h", "Roads: …"). */
  describe: string;
  legs(points: LonLat[], vehicle?: Vehicle): Promise<Leg[]>;
}
