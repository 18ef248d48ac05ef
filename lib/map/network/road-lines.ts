import Flatbush from 'flatbush';
import type { Feature, FeatureCollection, LineString } from 'geojson';
import type { RoadEdge } from '@/lib/roads/edge';
import { type RouteNetwork, routeShield } from '../route-shields';
import { OMT_CLASSES, type OmtClass, omtClassOf } from './road-features';

type RoadProperties = { class: string; name?: string; ref?: string; network?: RouteNetwork; route?: string };

/**
 * The network's lines packed for cutting tiles: every vertex in one Float64Array, each edge's class as a byte, and a
 * spatial index of their boxes. About 16 bytes a vertex, against some 100 for the edges' arrays of [lon, lat].
 */
export class RoadLines {
  private readonly coords: Float64Array;
  private readonly offsets: Uint32Array;
  private readonly classes: Uint8Array;
  private readonly names: (string | null)[];
  private readonly refs: (string | null)[];
  private readonly index: Flatbush;
  readonly bounds: [number, number, number, number];
  readonly count: number;

  constructor(edges: readonly RoadEdge[]) {
    this.count = edges.length;
    let vertices = 0;
    for (const e of edges) vertices += e.geometry.length;
    this.coords = new Float64Array(vertices * 2);
    this.offsets = new Uint32Array(edges.length + 1);
    this.classes = new Uint8Array(edges.length);
    this.names = edges.map((e) => e.name);
    this.refs = edges.map((e) => e.ref);
    this.index = new Flatbush(Math.max(1, edges.length));
    const all: [number, number, number, number] = [180, 90, -180, -90];
    let at = 0;
    edges.forEach((edge, i) => {
      this.offsets[i] = at / 2;
      this.classes[i] = OMT_CLASSES.indexOf(omtClassOf(edge.highway));
      const box = [180, 90, -180, -90];
      for (const [lon, lat] of edge.geometry) {
        this.coords[at++] = lon;
        this.coords[at++] = lat;
        box[0] = Math.min(box[0], lon);
        box[1] = Math.min(box[1], lat);
        box[2] = Math.max(box[2], lon);
        box[3] = Math.max(box[3], lat);
      }
      this.index.add(box[0], box[1], box[2], box[3]);
      for (let k = 0; k < 4; k++) all[k] = k < 2 ? Math.min(all[k], box[k]) : Math.max(all[k], box[k]);
    });
    this.offsets[edges.length] = at / 2;
    if (edges.length === 0) this.index.add(0, 0, 0, 0);
    this.index.finish();
    this.bounds = all;
  }

  /** The lines whose box meets [west, south, east, north], as GeoJSON: of the classes given, or all (null). */
  within(box: [number, number, number, number], classes: ReadonlySet<OmtClass> | null): FeatureCollection<LineString, RoadProperties> {
    const features: Feature<LineString, RoadProperties>[] = [];
    for (const i of this.index.search(...box)) {
      if (i >= this.count) continue;
      const cls = OMT_CLASSES[this.classes[i]];
      if (classes && !classes.has(cls)) continue;
      const coordinates: [number, number][] = [];
      for (let v = this.offsets[i]; v < this.offsets[i + 1]; v++) coordinates.push([this.coords[2 * v], this.coords[2 * v + 1]]);
      const properties: RoadProperties = { class: cls };
      if (this.names[i]) properties.name = this.names[i]!;
      const shield = routeShield(this.refs[i]);
      if (this.refs[i]) properties.ref = this.refs[i]!;
      if (shield) Object.assign(properties, shield);
      features.push({ type: 'Feature', geometry: { type: 'LineString', coordinates }, properties });
    }
    return { type: 'FeatureCollection', features };
  }

  /** The middle vertex of `count` lines of the given classes (or any), spread evenly through the network. */
  *middles(count: number, classes: ReadonlySet<OmtClass> | null): Generator<[number, number]> {
    const matching: number[] = [];
    for (let i = 0; i < this.count; i++) if (!classes || classes.has(OMT_CLASSES[this.classes[i]])) matching.push(i);
    const picked = new Set(Array.from({ length: Math.min(count, matching.length) }, (_, k) => matching[Math.floor((k * matching.length) / Math.min(count, matching.length))]));
    for (const i of picked) {
      const v = Math.floor((this.offsets[i] + this.offsets[i + 1] - 1) / 2);
      yield [this.coords[2 * v], this.coords[2 * v + 1]];
    }
  }
}
