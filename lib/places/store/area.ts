import { capBox, chord2ForMeters, EARTH_RADIUS_M, type GeoBox, intersectBoxes, type LonRange, lonRanges, unitVector, type Vec3 } from '../geo';
import type { RouteMeasure } from '../route/line';
import { classifyCorridorCell, type Corridor, inCorridor } from './corridor';
import { type CellClass, cellCenter, cellRadius, classifyBox, COARSE, EPS, type Grid } from './grid';

/** A spherical cap: `delta` radians around `center`, or `maxC2` as a squared chord. */
export interface Circle {
  kind: 'circle';
  center: Vec3;
  delta: number;
  maxC2: number;
  /** The cap's lat/lon box (widened slightly, see capBox). */
  bounds: GeoBox;
}

/** A lat/lon box: exact bounds; two longitude ranges when it crosses the antimeridian. */
export interface Box {
  kind: 'box';
  south: number;
  north: number;
  lons: LonRange[];
}

export type { Corridor };
export type Shape = Circle | Box | Corridor;

/**
 * The area of a search: the intersection of its shapes, at most one of each kind (a circle or a corridor always;
 * a box only with one of them). `origin` is the reference of `distance` (the search's center), with or without a
 * circle. `bounds` is a lat/lon box around the whole area, null when the area is certainly empty.
 */
export interface SearchArea {
  origin?: Vec3;
  circle?: Circle;
  box?: Box;
  corridor?: Corridor;
  bounds: GeoBox | null;
}

/** An area with a circle (and so a center): what the paths written for circles take. */
export type CircleArea = SearchArea & { origin: Vec3; circle: Circle };

export const hasCircle = (area: SearchArea): area is CircleArea => area.circle !== undefined && area.origin !== undefined;

export function circleOf(lon: number, lat: number, meters: number): Circle {
  return { kind: 'circle', center: unitVector(lon, lat), delta: Math.min(Math.PI, meters / EARTH_RADIUS_M), maxC2: chord2ForMeters(meters), bounds: capBox(lon, lat, meters) };
}

export function boxOf(b: { south: number; north: number; west: number; east: number }): Box {
  return { kind: 'box', south: b.south, north: b.north, lons: lonRanges(b.west, b.east) };
}

const boundsOf = (shape: Shape): GeoBox => (shape.kind === 'box' ? shape : shape.bounds);

export function areaOf(shapes: { origin?: Vec3; circle?: Circle; box?: Box; corridor?: Corridor }): SearchArea {
  let bounds: GeoBox | null = null;
  for (const shape of [shapes.circle, shapes.corridor, shapes.box]) {
    if (!shape) continue;
    bounds = bounds ? intersectBoxes(bounds, boundsOf(shape)) : boundsOf(shape);
    if (!bounds) break;
  }
  return { ...shapes, bounds };
}

function classifyCircle(circle: Circle, row: number, col: number, grid: Grid): CellClass {
  if (circle.delta >= Math.PI) return 'inside';
  const [x, y, z] = cellCenter(row, col, grid);
  const dx = x - circle.center[0];
  const dy = y - circle.center[1];
  const dz = z - circle.center[2];
  const theta = 2 * Math.asin(Math.min(1, Math.sqrt(dx * dx + dy * dy + dz * dz) / 2));
  const rho = cellRadius(row, grid);
  if (theta - rho > circle.delta + EPS) return 'outside';
  if (theta + rho <= circle.delta - EPS) return 'inside';
  return 'edge';
}

function classifyShape(shape: Shape, row: number, col: number, grid: Grid): CellClass {
  switch (shape.kind) {
    case 'circle':
      return classifyCircle(shape, row, col, grid);
    case 'box':
      return classifyBox(row, col, grid, shape);
    case 'corridor':
      return classifyCorridorCell(shape, row, col, grid);
  }
}

/**
 * Conservative classification of a cell against the whole area: 'inside' only when every point of the cell is
 * certainly in every shape, 'outside' as soon as one shape certainly holds none of it; anything else is scanned.
 */
export function classifyCell(cell: number, area: SearchArea, grid: Grid = COARSE): CellClass {
  const row = Math.floor(cell / grid.cols);
  const col = cell - row * grid.cols;
  let cls: CellClass = 'inside';
  for (const shape of [area.box, area.circle, area.corridor]) {
    if (!shape) continue;
    const c = classifyShape(shape, row, col, grid);
    if (c === 'outside') return 'outside';
    if (c === 'edge') cls = 'edge';
  }
  return cls;
}

/** What the exact test of one place found: squared chord from the origin (0 without one) and the route measure. */
export interface PlaceMeasure {
  c2: number;
  route: RouteMeasure;
}

export const newMeasure = (): PlaceMeasure => ({ c2: 0, route: { c2: NaN, along: NaN } });

/**
 * The exact test of one place against the area (the stores' only test, so every engine and read path agrees):
 * true when it lies in every shape, with its measures written into `out`.
 */
export function inArea(area: SearchArea, x: number, y: number, z: number, lon: number, lat: number, fine: number, out: PlaceMeasure): boolean {
  const o = area.origin;
  if (o) {
    const dx = x - o[0];
    const dy = y - o[1];
    const dz = z - o[2];
    out.c2 = dx * dx + dy * dy + dz * dz;
  } else out.c2 = 0;
  if (area.circle && out.c2 > area.circle.maxC2) return false;
  const box = area.box;
  if (box) {
    if (lat < box.south || lat > box.north) return false;
    let hit = false;
    for (const r of box.lons) if (lon >= r.west && lon <= r.east) hit = true;
    if (!hit) return false;
  }
  return !area.corridor || inCorridor(area.corridor, x, y, z, fine, out.route);
}
