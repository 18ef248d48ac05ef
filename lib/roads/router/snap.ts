import Flatbush from 'flatbush';
import { float32Above, float32Below } from '@/lib/core/float32';
import { runSteps, runStepsInTurns, STEP_ITEMS, type Steps, type Turns } from '@/lib/core/steps';
import type { LonLat, RoadEdge } from '../edge';
import { emptyBox, haversineMeters, widenBox } from '../geometry';
import { treeInWorker, treeOf, TREE_IN_THREAD_MAX } from './edge-tree';

export interface Snap {
  edge: RoadEdge;
  /** Where along the edge, as a fraction of its length. */
  fraction: number;
  point: LonLat;
  distanceM: number;
}

const METERS_PER_DEGREE = 111_195;
/** Edges this close to the nearest one count as equally near, and the one the vehicle may use is preferred. */
const TIE_M = 0.5;
const FIRST_RADIUS_M = 100;

/** Edges as the index reads them: an `EdgeTable`, or a few edges as objects (`edgeList`). */
export interface IndexedEdges {
  readonly length: number;
  get(position: number): RoadEdge;
  /** The edge's box, [west, south, east, north], written into `out` at `at`. */
  box(position: number, out: Float64Array, at: number): void;
}

/** A few edges as objects (the ones PostGIS found near a point), whatever their ids. */
export function edgeList(edges: readonly RoadEdge[]): IndexedEdges {
  return {
    length: edges.length,
    get: (position) => edges[position],
    box(position, out, at) {
      emptyBox(out, at);
      for (const [lon, lat] of edges[position].geometry) widenBox(out, at, lon, lat);
    },
  };
}

/** A static R-tree (flatbush) of the edges' boxes, to find the edge nearest a point. */
export class EdgeIndex {
  private readonly index: Flatbush;

  /** The index built at once, in this thread. */
  constructor(
    private readonly edges: IndexedEdges,
    tree?: Flatbush,
    private readonly treeBytes?: Uint8Array,
  ) {
    this.index = tree ?? treeOf(runSteps(boxSteps(edges)));
  }

  /** The index of `edges` kept as `bytes` (flatbush's own format, from `bytes`), read in place. */
  static fromBytes(edges: IndexedEdges, bytes: Uint8Array): EdgeIndex {
    return new EdgeIndex(edges, Flatbush.from(bytes.buffer as ArrayBuffer, bytes.byteOffset), bytes);
  }

  /** The tree in flatbush's format (to be kept, and read back by `fromBytes`). */
  get bytes(): Uint8Array {
    return this.treeBytes ?? new Uint8Array(this.index.data);
  }

  /**
   * The index built as a server builds it: the edges' boxes in turns, and the tree sorted in a worker thread when
   * there are more than `inThreadMax` edges. Null when it was called off.
   */
  static async inTurns(edges: IndexedEdges, turns: Turns, inThreadMax = TREE_IN_THREAD_MAX): Promise<EdgeIndex | null> {
    const boxes = await runStepsInTurns(boxSteps(edges), turns);
    if (!boxes) return null;
    return new EdgeIndex(edges, edges.length > inThreadMax ? await treeInWorker(boxes) : treeOf(boxes));
  }

  /**
   * The nearest point of the network within `withinM` metres (on a plane tangent at the point, exact enough at
   * that range), or null. Among edges as near, one the vehicle may use (`preferred`) wins, then the lowest id.
   */
  nearest(point: LonLat, withinM: number, preferred: (edge: RoadEdge) => boolean): Snap | null {
    // Widening searches: most points are near a road, and a box of the full range holds most of a city's edges.
    for (let radius = Math.min(FIRST_RADIUS_M, withinM); ; radius = Math.min(radius * 4, withinM)) {
      const best = this.nearestWithin(point, radius, preferred);
      if (best || radius >= withinM) return best;
    }
  }

  private nearestWithin(point: LonLat, withinM: number, preferred: (edge: RoadEdge) => boolean): Snap | null {
    const [lon0, lat0] = point;
    const dLat = withinM / METERS_PER_DEGREE;
    const dLon = dLat / Math.max(0.01, Math.cos((lat0 * Math.PI) / 180));
    let best: Candidate | null = null;
    for (const i of this.index.search(lon0 - dLon, lat0 - dLat, lon0 + dLon, lat0 + dLat)) {
      if (i >= this.edges.length) continue;
      const edge = this.edges.get(i);
      const candidate = { snap: project(edge, point), preferred: preferred(edge) };
      if (candidate.snap.distanceM <= withinM && nearer(candidate, best)) best = candidate;
    }
    return best?.snap ?? null;
  }
}

/** Each edge's box, rounded outwards to 32-bit floats (an empty network gets one empty box: flatbush holds at least one). */
function* boxSteps(edges: IndexedEdges): Steps<Float32Array> {
  const boxes = new Float32Array(4 * Math.max(1, edges.length));
  const box = new Float64Array(4);
  for (let i = 0; i < edges.length; i++) {
    edges.box(i, box, 0);
    boxes[4 * i] = float32Below(box[0]);
    boxes[4 * i + 1] = float32Below(box[1]);
    boxes[4 * i + 2] = float32Above(box[2]);
    boxes[4 * i + 3] = float32Above(box[3]);
    if (i % STEP_ITEMS === 0) yield;
  }
  return boxes;
}

interface Candidate {
  snap: Snap;
  preferred: boolean;
}

function nearer(a: Candidate, b: Candidate | null): boolean {
  if (!b) return true;
  const [da, db] = [a.snap.distanceM, b.snap.distanceM];
  if (Math.abs(da - db) > TIE_M) return da < db;
  if (a.preferred !== b.preferred) return a.preferred;
  return da < db || (da === db && a.snap.edge.id < b.snap.edge.id);
}

/** The point of the edge nearest `point`, by projection on each segment in a plane tangent at `point`. */
function project(edge: RoadEdge, point: LonLat): Snap {
  const [lon0, lat0] = point;
  const kx = Math.cos((lat0 * Math.PI) / 180);
  const line = edge.geometry;
  let best = { d2: Infinity, segment: 0, t: 0 };
  for (let i = 1; i < line.length; i++) {
    const ax = (line[i - 1][0] - lon0) * kx;
    const ay = line[i - 1][1] - lat0;
    const bx = (line[i][0] - lon0) * kx;
    const by = line[i][1] - lat0;
    const len2 = (bx - ax) ** 2 + (by - ay) ** 2;
    const t = len2 > 0 ? Math.min(1, Math.max(0, -(ax * (bx - ax) + ay * (by - ay)) / len2)) : 0;
    const d2 = (ax + t * (bx - ax)) ** 2 + (ay + t * (by - ay)) ** 2;
    if (d2 < best.d2) best = { d2, segment: i, t };
  }
  const a = line[best.segment - 1];
  const b = line[best.segment];
  const on: LonLat = [a[0] + (b[0] - a[0]) * best.t, a[1] + (b[1] - a[1]) * best.t];
  let along = haversineMeters(a, on);
  for (let i = 1; i < best.segment; i++) along += haversineMeters(line[i - 1], line[i]);
  // At the edge's ends the fraction is exact: a point on a junction is on every road that meets there.
  const atStart = best.segment === 1 && best.t === 0;
  const atEnd = best.segment === line.length - 1 && best.t === 1;
  const fraction = atStart || edge.lengthM === 0 ? 0 : atEnd ? 1 : Math.min(1, along / edge.lengthM);
  return { edge, fraction, point: on, distanceM: haversineMeters(on, point) };
}
