import { tileAt, type TileAddress } from './tile-path';

export interface CorridorOptions {
  /** The zooms a traveler uses on the road, inclusive. */
  minZoom: number;
  maxZoom: number;
  /** How far either side of the route the map is kept, in metres. */
  bufferMeters: number;
  /** The map's own extent: tiles outside it would be empty. [west, south, east, north]. */
  bounds?: [number, number, number, number];
}

const METERS_PER_DEGREE = 111_320;

/** The width of a tile at zoom z at a latitude, in metres (Web Mercator). */
function tileMeters(z: number, lat: number): number {
  return (40_075_016.7 * Math.cos((lat * Math.PI) / 180)) / 2 ** z;
}

function inside(bounds: CorridorOptions['bounds'], lon: number, lat: number, marginDeg: number): boolean {
  if (!bounds) return true;
  const [w, s, e, n] = bounds;
  return lon >= w - marginDeg && lon <= e + marginDeg && lat >= s - marginDeg && lat <= n + marginDeg;
}

/**
 * The tiles of the map along a route, at each zoom from minZoom to maxZoom: every tile that lies within
 * `bufferMeters` of the line (sampled at a quarter of a tile, each sample keeping at least that much around it, so
 * no tile the line crosses is missed), inside the map's bounds. Sorted by zoom, then x, then y; no tile twice.
 */
export function corridorTiles(lines: [number, number][][], options: CorridorOptions): TileAddress[] {
  const keys = new Set<string>();
  const tiles: TileAddress[] = [];
  const add = (t: TileAddress) => {
    const key = `${t.z}/${t.x}/${t.y}`;
    if (keys.has(key)) return;
    keys.add(key);
    tiles.push(t);
  };
  for (let z = options.minZoom; z <= options.maxZoom; z++) {
    for (const line of lines) {
      for (let i = 0; i < line.length; i++) {
        const [lon0, lat0] = line[i];
        const [lon1, lat1] = line[Math.min(i + 1, line.length - 1)];
        const stepMeters = tileMeters(z, lat0) / 4;
        const lengthMeters = Math.hypot((lon1 - lon0) * Math.cos((lat0 * Math.PI) / 180), lat1 - lat0) * METERS_PER_DEGREE;
        const steps = Math.max(1, Math.ceil(lengthMeters / stepMeters));
        for (let k = 0; k <= steps; k++) {
          const lon = lon0 + ((lon1 - lon0) * k) / steps;
          const lat = lat0 + ((lat1 - lat0) * k) / steps;
          // At least the sampling step: a point of the line between two samples is then inside one's box.
          const dLat = Math.max(options.bufferMeters, stepMeters) / METERS_PER_DEGREE;
          const dLon = dLat / Math.max(0.01, Math.cos((lat * Math.PI) / 180));
          if (!inside(options.bounds, lon, lat, Math.max(dLat, dLon))) continue;
          const nw = tileAt(lon - dLon, lat + dLat, z);
          const se = tileAt(lon + dLon, lat - dLat, z);
          for (let x = nw.x; x <= se.x; x++) for (let y = nw.y; y <= se.y; y++) add({ z, x, y });
        }
      }
    }
  }
  return tiles.sort((a, b) => a.z - b.z || a.x - b.x || a.y - b.y);
}
