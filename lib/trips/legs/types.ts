export type LonLat = [number, number];

export interface Leg {
  distanceMeters: number;
  durationSeconds: number;
  /** The line to draw, longitudes unwrapped (continuous across the antimeridian, so they may pass ±180). */
  geometry: LonLat[];
}

/**
 * Measures the legs between consecutive stops. Today a great-circle one; a road router (an OSRM-compatible
 * service) implements the same interface and says so in `kind`, which the page shows.
 */
export interface LegRouter {
  kind: 'straight-line' | 'road';
  /** How the page labels the numbers ("straight-line distance, time at 80 km/h"). */
  describe: string;
  legs(points: LonLat[]): Promise<Leg[]>;
}
