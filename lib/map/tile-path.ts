/** A tile's address in the XYZ scheme (slippy map): y counts from the north. */
export interface TileAddress {
  z: number;
  x: number;
  y: number;
}

/** The deepest zoom a tile path may name at all; the map's own maxzoom limits it further. */
export const MAX_ZOOM = 22;

const TILE_ADDRESS = /^(0|[1-9]\d?)\/(0|[1-9]\d{0,6})\/(0|[1-9]\d{0,6})\.pbf$/;

export type TilePathResult = { ok: true; tile: TileAddress } | { ok: false; reason: string };

/**
 * Reads `{prefix}{z}/{x}/{y}.pbf` (`/tiles/` for the imported map): whole numbers without leading zeros, x and y
 * inside the zoom's 2^z by 2^z grid. Anything else is the client's mistake, said in one sentence.
 */
export function parseTilePath(pathname: string, prefix = '/tiles/'): TilePathResult {
  const m = pathname.startsWith(prefix) ? TILE_ADDRESS.exec(pathname.slice(prefix.length)) : null;
  if (!m) return { ok: false, reason: `a tile path is ${prefix}{z}/{x}/{y}.pbf, with whole numbers for z, x and y` };
  const [z, x, y] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (z > MAX_ZOOM) return { ok: false, reason: `zoom ${z} is past the deepest zoom a tile can have (${MAX_ZOOM})` };
  const size = 2 ** z;
  if (x >= size || y >= size) return { ok: false, reason: `at zoom ${z}, x and y run from 0 to ${size - 1}` };
  return { ok: true, tile: { z, x, y } };
}

/** MBTiles numbers rows from the south (TMS); the web asks from the north. */
export function tmsRow(z: number, y: number): number {
  return 2 ** z - 1 - y;
}

/** The tile at zoom z that holds a point (Web Mercator, as the map draws). */
export function tileAt(lon: number, lat: number, z: number): TileAddress {
  const n = 2 ** z;
  const clampedLat = Math.max(-85.0511, Math.min(85.0511, lat));
  const rad = (clampedLat * Math.PI) / 180;
  const x = Math.min(n - 1, Math.max(0, Math.floor(((lon + 180) / 360) * n)));
  const y = Math.min(n - 1, Math.max(0, Math.floor(((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * n)));
  return { z, x, y };
}
