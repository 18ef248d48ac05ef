import polyline from '@mapbox/polyline';
import type { LonLat, RoadEdge, RoadNode } from '../../edge';
import { COORDINATE_DIGITS } from '../../geometry';
import type { RoadNetwork } from '../types';

export interface NetworkRow {
  id: number;
  name: string;
  source: string;
  imported_at: string;
  generated: number;
  node_count: number;
  edge_count: number;
  unreadable: string;
}

export function networkFromRow(row: NetworkRow): RoadNetwork {
  return {
    id: row.id,
    name: row.name,
    source: row.source,
    importedAt: row.imported_at,
    generated: row.generated === 1,
    nodeCount: row.node_count,
    edgeCount: row.edge_count,
    unreadable: JSON.parse(row.unreadable),
  };
}

export const EDGE_COLUMNS = [
  'id',
  'from_node',
  'to_node',
  'way_id',
  'highway',
  'name',
  'ref',
  'length_m',
  'speed_kmh',
  'speed_from',
  'oneway',
  'maxheight_m',
  'maxwidth_m',
  'maxlength_m',
  'maxweight_t',
  'access',
  'motorcar',
  'hgv',
  'hazmat',
  'tunnel',
  'tunnel_category',
  'geometry',
] as const;

type EdgeRow = Record<(typeof EDGE_COLUMNS)[number], unknown>;

export function edgeToRow(e: RoadEdge): unknown[] {
  const line = polyline.encode(
    e.geometry.map(([lon, lat]) => [lat, lon]),
    COORDINATE_DIGITS,
  );
  return [
    e.id,
    e.from,
    e.to,
    e.wayId,
    e.highway,
    e.name,
    e.ref,
    e.lengthM,
    e.speedKmh,
    e.speedFrom,
    e.oneway,
    e.maxheightM,
    e.maxwidthM,
    e.maxlengthM,
    e.maxweightT,
    e.access,
    e.motorcar,
    e.hgv,
    e.hazmat,
    e.tunnel ? 1 : 0,
    e.tunnelCategory,
    line,
  ];
}

export function edgeFromRow(r: EdgeRow): RoadEdge {
  return {
    id: r.id as number,
    from: r.from_node as number,
    to: r.to_node as number,
    wayId: r.way_id as number | null,
    highway: r.highway as RoadEdge['highway'],
    name: r.name as string | null,
    ref: r.ref as string | null,
    lengthM: r.length_m as number,
    speedKmh: r.speed_kmh as number,
    speedFrom: r.speed_from as RoadEdge['speedFrom'],
    oneway: r.oneway as RoadEdge['oneway'],
    maxheightM: r.maxheight_m as number | null,
    maxwidthM: r.maxwidth_m as number | null,
    maxlengthM: r.maxlength_m as number | null,
    maxweightT: r.maxweight_t as number | null,
    access: r.access as RoadEdge['access'],
    motorcar: r.motorcar as RoadEdge['motorcar'],
    hgv: r.hgv as RoadEdge['hgv'],
    hazmat: r.hazmat as RoadEdge['hazmat'],
    tunnel: r.tunnel === 1,
    tunnelCategory: r.tunnel_category as RoadEdge['tunnelCategory'],
    geometry: polyline.decode(r.geometry as string, COORDINATE_DIGITS).map(([lat, lon]) => [lon, lat] as LonLat),
  };
}

export function nodeFromRow(r: { id: number; osm_id: number | null; lon: number; lat: number }): RoadNode {
  return { id: r.id, osmId: r.osm_id, lon: r.lon, lat: r.lat };
}
