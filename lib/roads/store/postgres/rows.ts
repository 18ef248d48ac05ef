import type { LonLat, RoadEdge, RoadNode } from '../../edge';
import { ATTRIBUTE_COLUMNS, type AttributeRow, attributesFromRow, attributeValues } from '../edge-attributes';
import type { RoadNetwork } from '../types';

export interface NetworkRow {
  id: number;
  name: string;
  source: string;
  imported_at: string;
  generated: boolean;
  node_count: number;
  edge_count: number;
  unreadable: Record<string, number>;
}

export function networkFromRow(row: NetworkRow): RoadNetwork {
  return {
    id: row.id,
    name: row.name,
    source: row.source,
    importedAt: row.imported_at,
    generated: row.generated,
    nodeCount: row.node_count,
    edgeCount: row.edge_count,
    unreadable: row.unreadable,
  };
}

/**
 * The lines go in as WKT and come out as GeoJSON coordinates, each number written in full (JavaScript's shortest
 * form that reads back the same; PostGIS's up to 15 decimals): the same doubles come back, as from the SQLite
 * store. (PostGIS's encoded polylines would round each step between vertices and move them by centimetres.)
 */
const LINE_IN = `ST_GeomFromText(line, 4326)`;
const LINE_OUT = (alias: string) => `ST_AsGeoJSON(${alias}.geom, 15)::json -> 'coordinates' AS line`;

/** Each column with its array type, in the order `edgeArrays` gives the values. */
const EDGE_COLUMNS = [['id', 'int'], ['source', 'int'], ['target', 'int'], ...ATTRIBUTE_COLUMNS] as const;

/** The columns a read selects to make a `RoadEdge` (`edgeFromRow`), for a table aliased `alias`. */
export const edgeSelect = (alias = 'e') => [...EDGE_COLUMNS.map(([name]) => `${alias}.${name}`), LINE_OUT(alias)].join(', ');

/** One INSERT of many edges: column arrays ($2...) unnested, the network id as $1. */
export const INSERT_EDGES = `INSERT INTO road_edges (network_id, ${EDGE_COLUMNS.map(([name]) => name).join(', ')}, geom)
  SELECT $1, ${EDGE_COLUMNS.map(([name]) => name).join(', ')}, ${LINE_IN}
  FROM unnest(${[...EDGE_COLUMNS, ['line', 'text']].map(([, type], i) => `$${i + 2}::${type}[]`).join(', ')})
    AS u(${[...EDGE_COLUMNS.map(([name]) => name), 'line'].join(', ')})`;

/** The column arrays of INSERT_EDGES for a chunk of edges. */
export function edgeArrays(edges: readonly RoadEdge[]): unknown[][] {
  const values = (e: RoadEdge): unknown[] => [e.id, e.from, e.to, ...attributeValues(e), `LINESTRING(${e.geometry.map(([lon, lat]) => `${lon} ${lat}`).join(', ')})`];
  const columns: unknown[][] = Array.from({ length: EDGE_COLUMNS.length + 1 }, () => []);
  for (const edge of edges) values(edge).forEach((v, i) => columns[i].push(v));
  return columns;
}

export const INSERT_NODES = `INSERT INTO road_nodes (network_id, id, osm_id, lon, lat)
  SELECT $1, * FROM unnest($2::int[], $3::bigint[], $4::float8[], $5::float8[])`;

export function nodeArrays(nodes: readonly RoadNode[]): unknown[][] {
  return [nodes.map((n) => n.id), nodes.map((n) => n.osmId), nodes.map((n) => n.lon), nodes.map((n) => n.lat)];
}

export type EdgeRow = AttributeRow & { id: number; source: number; target: number; line: LonLat[] };

export function edgeFromRow(r: EdgeRow): RoadEdge {
  return { id: r.id, from: r.source, to: r.target, ...attributesFromRow(r, r.tunnel as boolean), geometry: r.line };
}

export function nodeFromRow(r: { id: number; osm_id: number | null; lon: number; lat: number }): RoadNode {
  return { id: r.id, osmId: r.osm_id, lon: r.lon, lat: r.lat };
}
