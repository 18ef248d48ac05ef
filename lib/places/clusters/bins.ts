import type { CellCount, ViewMatches } from '../store/types';

/** Side of a cluster bin in screen pixels (256-pixel Web Mercator tiles). */
export const BIN_PX = 64;
const MAX_LAT = 85.0511287798;

export interface Bounds {
  west: number;
  south: number;
  east: number;
  north: number;
}

export interface Cluster {
  longitude: number;
  latitude: number;
  count: number;
  bounds: Bounds;
}

export interface BinnedPoint {
  id: number;
  longitude: number;
  latitude: number;
}

interface Bin {
  n: number;
  lon: number;
  lat: number;
  bounds: Bounds;
  /** The bin's one place when it holds exactly one and that one came as a place. */
  only: BinnedPoint | null;
}

/** Bins a zoom level's world is cut into along each axis. */
export const binsPerSide = (zoom: number) => 2 ** (Math.floor(zoom) + 2);

/** The bin of a position at a zoom: Web Mercator columns and rows of BIN_PX pixels (bins never cross ±180). */
export function binOf(lon: number, lat: number, side: number): number {
  const x = Math.min(side - 1, Math.max(0, Math.floor(((lon + 180) / 360) * side)));
  const phi = (Math.max(-MAX_LAT, Math.min(MAX_LAT, lat)) * Math.PI) / 180;
  const my = (1 - Math.log(Math.tan(phi) + 1 / Math.cos(phi)) / Math.PI) / 2;
  const y = Math.min(side - 1, Math.max(0, Math.floor(my * side)));
  return y * side + x;
}

function cellBounds(c: CellCount): Bounds {
  const cols = 360 * c.scale;
  const row = Math.floor(c.cell / cols);
  const col = c.cell - row * cols;
  return { west: col / c.scale - 180, south: row / c.scale - 90, east: (col + 1) / c.scale - 180, north: (row + 1) / c.scale - 90 };
}

/**
 * Groups a viewport's matches into screen bins: a cell counts in the bin of its center, a place in its own. Each
 * cluster sits at the count-weighted mean of what it holds and spans the union of its cells and places, so counts
 * add up exactly to the matches whatever the zoom. A bin holding a single place comes back as that place.
 */
export function binMatches(matches: ViewMatches, zoom: number): { clusters: Cluster[]; points: BinnedPoint[] } {
  const side = binsPerSide(zoom);
  const bins = new Map<number, Bin>();
  const add = (lon: number, lat: number, n: number, b: Bounds, point: BinnedPoint | null) => {
    const k = binOf(lon, lat, side);
    const bin = bins.get(k);
    if (!bin) {
      bins.set(k, { n, lon: lon * n, lat: lat * n, bounds: { ...b }, only: n === 1 ? point : null });
      return;
    }
    bin.n += n;
    bin.lon += lon * n;
    bin.lat += lat * n;
    bin.only = null;
    bin.bounds.west = Math.min(bin.bounds.west, b.west);
    bin.bounds.south = Math.min(bin.bounds.south, b.south);
    bin.bounds.east = Math.max(bin.bounds.east, b.east);
    bin.bounds.north = Math.max(bin.bounds.north, b.north);
  };
  for (const c of matches.cells) {
    if (c.n <= 0) continue;
    const b = cellBounds(c);
    add((b.west + b.east) / 2, (b.south + b.north) / 2, c.n, b, null);
  }
  // In id order, so every engine sums the same numbers in the same order and places clusters identically.
  for (const p of [...matches.points].sort((a, b) => a.id - b.id)) add(p.lon, p.lat, 1, { west: p.lon, south: p.lat, east: p.lon, north: p.lat }, { id: p.id, longitude: p.lon, latitude: p.lat });
  const clusters: Cluster[] = [];
  const points: BinnedPoint[] = [];
  for (const bin of bins.values()) {
    if (bin.only) points.push(bin.only);
    else clusters.push({ longitude: round6(bin.lon / bin.n), latitude: round6(bin.lat / bin.n), count: bin.n, bounds: roundBounds(bin.bounds) });
  }
  clusters.sort((a, b) => b.count - a.count || a.longitude - b.longitude || a.latitude - b.latitude);
  points.sort((a, b) => a.id - b.id);
  return { clusters, points };
}

const round6 = (v: number) => Math.round(v * 1e6) / 1e6;
const roundBounds = (b: Bounds): Bounds => ({ west: round6(b.west), south: round6(b.south), east: round6(b.east), north: round6(b.north) });
