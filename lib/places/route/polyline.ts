import polyline from '@mapbox/polyline';

export interface LonLat {
  lon: number;
  lat: number;
}

/** A route the API refuses, with the message the 400 carries. */
export class RouteInputError extends Error {}

/** A precision-5 value never needs more than 6 chunks of 5 bits; more means a malformed string. */
const MAX_CHUNKS = 7;

/**
 * Decodes an encoded polyline (Google's algorithm, precision 5) into points, longitude first. The library decodes
 * anything it is given, so the string's structure is checked first: characters from "?" to "~", every value
 * terminated, values in latitude/longitude pairs.
 */
export function decodeRoute(encoded: string): LonLat[] {
  let values = 0;
  let chunks = 0;
  for (let i = 0; i < encoded.length; i++) {
    const c = encoded.charCodeAt(i) - 63;
    if (c < 0 || c > 63) throw new RouteInputError(`is not an encoded polyline: character ${i + 1} ("${encoded[i]}") is outside "?" to "~"`);
    if (++chunks > MAX_CHUNKS) throw new RouteInputError(`is not an encoded polyline: the value ending near character ${i + 1} is too long`);
    if (c < 0x20) {
      values++;
      chunks = 0;
    }
  }
  if (chunks) throw new RouteInputError('is not an encoded polyline: its last value is cut off');
  if (values % 2) throw new RouteInputError('is not an encoded polyline: it ends with a latitude without its longitude');
  const points = polyline.decode(encoded, 5).map(([lat, lon]) => ({ lon, lat }));
  points.forEach((p, i) => {
    if (p.lat < -90 || p.lat > 90) throw new RouteInputError(`point ${i + 1} has latitude ${p.lat}, outside -90 to 90`);
    if (p.lon < -180 || p.lon > 180) throw new RouteInputError(`point ${i + 1} has longitude ${p.lon}, outside -180 to 180`);
  });
  return points;
}

/** Encodes points (longitude first) as a precision-5 polyline: for tests, benchmarks and clients. */
export const encodeRoute = (points: LonLat[]): string => polyline.encode(points.map((p) => [p.lat, p.lon]), 5);
