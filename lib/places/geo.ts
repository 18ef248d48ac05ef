/** Spherical geometry on unit vectors: exact on the sphere, no trigonometry per candidate row. */
export const EARTH_RADIUS_M = 6371008.8;
const D2R = Math.PI / 180;

export type Vec3 = [number, number, number];

export function unitVector(lon: number, lat: number): Vec3 {
  const phi = lat * D2R;
  const lambda = lon * D2R;
  const c = Math.cos(phi);
  return [c * Math.cos(lambda), c * Math.sin(lambda), Math.sin(phi)];
}

/** Squared chord between two unit vectors: monotone in the great-circle distance. */
export function chord2(ax: number, ay: number, az: number, b: Vec3): number {
  const dx = ax - b[0];
  const dy = ay - b[1];
  const dz = az - b[2];
  return dx * dx + dy * dy + dz * dz;
}

/** Squared chord of a great-circle distance in meters (capped at the antipode). */
export function chord2ForMeters(meters: number): number {
  const c = 2 * Math.sin(Math.min(meters / EARTH_RADIUS_M, Math.PI) / 2);
  return c * c;
}

export function metersForChord2(c2: number): number {
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(c2) / 2));
}

/** Angle in radians between two points given in degrees. */
export function angleBetween(lon1: number, lat1: number, lon2: number, lat2: number): number {
  const a = unitVector(lon1, lat1);
  const b = unitVector(lon2, lat2);
  return 2 * Math.asin(Math.min(1, Math.sqrt(chord2(a[0], a[1], a[2], b)) / 2));
}

export interface LonRange {
  west: number;
  east: number;
}

export interface GeoBox {
  south: number;
  north: number;
  /** One or two non-wrapping longitude ranges (two when the area crosses the antimeridian). */
  lons: LonRange[];
}

const WIDEN = 1e-5;

/** Longitude ranges of a box whose west may be greater than its east (crossing the antimeridian). */
export function lonRanges(west: number, east: number): LonRange[] {
  if (west <= east) return [{ west, east }];
  return [
    { west, east: 180 },
    { west: -180, east },
  ];
}

/**
 * A lat/lon box that contains the spherical cap, widened slightly so that the R*Tree's 32-bit floats and rounding
 * here can only add candidates, which the exact chord test then rejects.
 */
export function capBox(lon: number, lat: number, meters: number): GeoBox {
  const delta = meters / EARTH_RADIUS_M;
  const deltaDeg = delta / D2R;
  if (delta >= Math.PI) return { south: -90, north: 90, lons: [{ west: -180, east: 180 }] };
  const south = Math.max(-90, lat - deltaDeg - WIDEN);
  const north = Math.min(90, lat + deltaDeg + WIDEN);
  // The cap contains a pole when the pole is within delta of the center: every longitude is then reachable.
  if (90 - lat <= deltaDeg + WIDEN || lat + 90 <= deltaDeg + WIDEN) {
    return { south, north, lons: [{ west: -180, east: 180 }] };
  }
  const s = Math.sin(delta) / Math.cos(lat * D2R);
  if (s >= 1) return { south, north, lons: [{ west: -180, east: 180 }] };
  const half = Math.asin(s) / D2R + WIDEN;
  const west = lon - half;
  const east = lon + half;
  if (half >= 180) return { south, north, lons: [{ west: -180, east: 180 }] };
  if (west < -180) return { south, north, lons: [{ west: west + 360, east: 180 }, { west: -180, east }] };
  if (east > 180) return { south, north, lons: [{ west, east: 180 }, { west: -180, east: east - 360 }] };
  return { south, north, lons: [{ west, east }] };
}

function intersectRanges(a: LonRange[], b: LonRange[]): LonRange[] {
  const out: LonRange[] = [];
  for (const x of a) {
    for (const y of b) {
      const west = Math.max(x.west, y.west);
      const east = Math.min(x.east, y.east);
      if (west <= east) out.push({ west, east });
    }
  }
  return out;
}

export function intersectBoxes(a: GeoBox, b: GeoBox): GeoBox | null {
  const south = Math.max(a.south, b.south);
  const north = Math.min(a.north, b.north);
  if (south > north) return null;
  const lons = intersectRanges(a.lons, b.lons);
  return lons.length ? { south, north, lons } : null;
}

export function inLonRanges(lon: number, ranges: LonRange[]): boolean {
  for (const r of ranges) if (lon >= r.west && lon <= r.east) return true;
  return false;
}
