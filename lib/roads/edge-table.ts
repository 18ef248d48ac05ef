import { ensureLength, StringColumn } from '@/lib/core/typed-columns';
import { hasLimits, type LonLat, type RoadEdge, type RoadLimits } from './edge';
import { COORDINATE_DIGITS, emptyBox, widenBox } from './geometry';
import { LimitColumns, LimitColumnsBuilder } from './limit-columns';
import { ROAD_CLASSES } from './road-classes';

const SCALE = 10 ** COORDINATE_DIGITS;
const ONEWAYS = ['both', 'forward', 'backward'] as const;
const NO_TEXT = -1;
const SPEED_FROM_MAXSPEED = 1;

/**
 * A network's edges in typed columns, as a router holds them: about 60 bytes an edge and 8 a vertex, off the
 * JavaScript heap, where the same edges as objects took about 570 bytes and kept the collector busy. The id of an
 * edge is its position. Coordinates are kept at the stores' precision (COORDINATE_DIGITS decimals, as integers);
 * limits only for the few edges that have any; names and refs once each. `get` makes the object of one edge, for
 * the edges a route or a snap touches.
 */
/** The columns of an `EdgeTable`, one entry per edge (`vertexStarts` one more, `coordinates` two per vertex). */
export interface EdgeColumns {
  from: Int32Array;
  to: Int32Array;
  lengthM: Float64Array;
  speedKmh: Float64Array;
  classes: Uint8Array;
  onewayCodes: Uint8Array;
  speedFrom: Uint8Array;
  /** NaN where the input named no way. */
  wayIds: Float64Array;
  names: Int32Array;
  refs: Int32Array;
  /** Names and refs, each once: `names` and `refs` give their positions, NO_TEXT for none. */
  texts: StringColumn;
  limits: LimitColumns;
  /** Where each edge's vertices start in `coordinates` (in pairs), with the end after the last. */
  vertexStarts: Int32Array;
  coordinates: Int32Array;
}

export class EdgeTable {
  readonly length: number;
  readonly from: Int32Array;
  readonly to: Int32Array;
  readonly lengthM: Float64Array;
  readonly speedKmh: Float64Array;

  constructor(private readonly c: EdgeColumns) {
    [this.length, this.from, this.to, this.lengthM, this.speedKmh] = [c.from.length, c.from, c.to, c.lengthM, c.speedKmh];
  }

  /** The columns themselves (to be written to a prepared graph, and read back by the constructor). */
  get columns(): Readonly<EdgeColumns> {
    return this.c;
  }

  /** A table of edges given as objects (tests, small networks); their ids must be their positions. */
  static of(edges: readonly RoadEdge[]): EdgeTable {
    const builder = new EdgeTableBuilder(edges.length);
    for (const edge of edges) builder.push(edge);
    return builder.finish();
  }

  /** Bytes of the typed columns, with the limits' (the names' and refs' are not counted). */
  get bytes(): number {
    const c = this.c;
    const columns = [c.from, c.to, c.lengthM, c.speedKmh, c.classes, c.onewayCodes, c.speedFrom, c.wayIds, c.names, c.refs, c.vertexStarts, c.coordinates];
    return columns.reduce((sum, column) => sum + column.byteLength, c.limits.bytes);
  }

  /** Whether the edge has any limit or access rule (most have none, and the router skips their checks). */
  hasLimits(edge: number): boolean {
    return this.c.limits.has(edge);
  }

  limitsOf(edge: number): RoadLimits {
    return this.c.limits.get(edge);
  }

  /** How the edge may be driven: 'forward' (as drawn), 'backward', or 'both'. */
  oneway(edge: number): RoadEdge['oneway'] {
    return ONEWAYS[this.c.onewayCodes[edge]];
  }

  vertexCount(edge: number): number {
    return this.c.vertexStarts[edge + 1] - this.c.vertexStarts[edge];
  }

  /** The edge's box, [west, south, east, north], written into `out` at `at`. */
  box(edge: number, out: Float64Array, at: number): void {
    emptyBox(out, at);
    for (let v = this.c.vertexStarts[edge]; v < this.c.vertexStarts[edge + 1]; v++) widenBox(out, at, this.c.coordinates[2 * v] / SCALE, this.c.coordinates[2 * v + 1] / SCALE);
  }

  geometry(edge: number): LonLat[] {
    const line: LonLat[] = [];
    for (let v = this.c.vertexStarts[edge]; v < this.c.vertexStarts[edge + 1]; v++) line.push([this.c.coordinates[2 * v] / SCALE, this.c.coordinates[2 * v + 1] / SCALE]);
    return line;
  }

  /** The edge as an object: made at each call. */
  get(edge: number): RoadEdge {
    const wayId = this.c.wayIds[edge];
    const limits = this.limitsOf(edge);
    // Every field written out (no spread): one shape for every edge, made fast where a route assembles hundreds.
    return {
      maxheightM: limits.maxheightM,
      maxwidthM: limits.maxwidthM,
      maxlengthM: limits.maxlengthM,
      maxweightT: limits.maxweightT,
      access: limits.access,
      motorcar: limits.motorcar,
      hgv: limits.hgv,
      hazmat: limits.hazmat,
      tunnel: limits.tunnel,
      tunnelCategory: limits.tunnelCategory,
      id: edge,
      from: this.from[edge],
      to: this.to[edge],
      wayId: Number.isNaN(wayId) ? null : wayId,
      highway: ROAD_CLASSES[this.c.classes[edge]],
      name: this.text(this.c.names[edge]),
      ref: this.text(this.c.refs[edge]),
      speedKmh: this.speedKmh[edge],
      speedFrom: this.c.speedFrom[edge] === SPEED_FROM_MAXSPEED ? 'maxspeed' : 'class',
      oneway: this.oneway(edge),
      lengthM: this.lengthM[edge],
      geometry: this.geometry(edge),
    };
  }

  // A method, not a closure made in `get`: a route makes thousands of edges, and under tsx each closure is also named.
  private text(index: number): string | null {
    return index === NO_TEXT ? null : this.c.texts.get(index);
  }

  /** Every edge as an object (tests). */
  toArray(): RoadEdge[] {
    return Array.from({ length: this.length }, (_, i) => this.get(i));
  }
}

/** Makes an `EdgeTable` one edge at a time (a store's read), growing its columns as edges come. */
export class EdgeTableBuilder {
  private count = 0;
  private vertices = 0;
  private from: Int32Array;
  private to: Int32Array;
  private lengthM: Float64Array;
  private speedKmh: Float64Array;
  private classes: Uint8Array;
  private onewayCodes: Uint8Array;
  private speedFrom: Uint8Array;
  private wayIds: Float64Array;
  private names: Int32Array;
  private refs: Int32Array;
  private vertexStarts: Int32Array;
  private coordinates: Int32Array;
  private readonly texts = new StringColumn();
  private readonly textIds = new Map<string, number>();
  private readonly limits = new LimitColumnsBuilder();

  constructor(expectedEdges = 1024) {
    const n = Math.max(1, expectedEdges);
    [this.from, this.to, this.names, this.refs] = [new Int32Array(n), new Int32Array(n), new Int32Array(n), new Int32Array(n)];
    [this.lengthM, this.speedKmh, this.wayIds] = [new Float64Array(n), new Float64Array(n), new Float64Array(n)];
    [this.classes, this.onewayCodes, this.speedFrom] = [new Uint8Array(n), new Uint8Array(n), new Uint8Array(n)];
    this.vertexStarts = new Int32Array(n + 1);
    this.coordinates = new Int32Array(4 * n);
  }

  get length(): number {
    return this.count;
  }

  push(edge: RoadEdge): void {
    const i = this.count;
    if (edge.id !== i) throw new Error(`edge ${edge.id} read at position ${i}: a network's edge ids are their positions`);
    this.grow(i + 1, this.vertices + edge.geometry.length);
    this.from[i] = edge.from;
    this.to[i] = edge.to;
    this.lengthM[i] = edge.lengthM;
    this.speedKmh[i] = edge.speedKmh;
    this.classes[i] = ROAD_CLASSES.indexOf(edge.highway);
    this.onewayCodes[i] = ONEWAYS.indexOf(edge.oneway);
    this.speedFrom[i] = edge.speedFrom === 'maxspeed' ? SPEED_FROM_MAXSPEED : 0;
    this.wayIds[i] = edge.wayId ?? NaN;
    this.names[i] = this.textId(edge.name);
    this.refs[i] = this.textId(edge.ref);
    if (hasLimits(edge)) this.limits.push(i, edge);
    for (const [lon, lat] of edge.geometry) {
      this.coordinates[2 * this.vertices] = Math.round(lon * SCALE);
      this.coordinates[2 * this.vertices + 1] = Math.round(lat * SCALE);
      this.vertices++;
    }
    this.count++;
    this.vertexStarts[this.count] = this.vertices;
  }

  /** The table, its columns cut to the edges pushed (no copy for the columns sized right at the start). */
  finish(): EdgeTable {
    const n = this.count;
    const fit = <T extends Int32Array | Float64Array | Uint8Array>(column: T, length: number) => (column.length === length ? column : (column.slice(0, length) as T));
    return new EdgeTable({
      from: fit(this.from, n),
      to: fit(this.to, n),
      lengthM: fit(this.lengthM, n),
      speedKmh: fit(this.speedKmh, n),
      classes: fit(this.classes, n),
      onewayCodes: fit(this.onewayCodes, n),
      speedFrom: fit(this.speedFrom, n),
      wayIds: fit(this.wayIds, n),
      names: fit(this.names, n),
      refs: fit(this.refs, n),
      texts: StringColumn.fromParts(this.texts.parts()),
      limits: this.limits.finish(),
      vertexStarts: fit(this.vertexStarts, n + 1),
      coordinates: fit(this.coordinates, 2 * this.vertices),
    });
  }

  private textId(text: string | null): number {
    if (text === null) return NO_TEXT;
    let id = this.textIds.get(text);
    if (id === undefined) {
      id = this.texts.length;
      this.texts.push(text);
      this.textIds.set(text, id);
    }
    return id;
  }

  private grow(edges: number, vertices: number): void {
    if (edges > this.from.length) {
      [this.from, this.to, this.names, this.refs] = [this.from, this.to, this.names, this.refs].map((a) => ensureLength(a, edges));
      [this.lengthM, this.speedKmh, this.wayIds] = [this.lengthM, this.speedKmh, this.wayIds].map((a) => ensureLength(a, edges));
      [this.classes, this.onewayCodes, this.speedFrom] = [this.classes, this.onewayCodes, this.speedFrom].map((a) => ensureLength(a, edges));
      this.vertexStarts = ensureLength(this.vertexStarts, edges + 1);
    }
    this.coordinates = ensureLength(this.coordinates, 2 * vertices);
  }
}
