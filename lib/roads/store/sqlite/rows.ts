import polyline from '@mapbox/polyline';
import type { LonLat, RoadEdge } from '../../edge';
import { COORDINATE_DIGITS } from '../../geometry';
import { ATTRIBUTE_COLUMNS, attributesFromValues, attributeValues } from '../edge-attributes';
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

export const EDGE_COLUMNS = ['id', 'from_node', 'to_node', ...ATTRIBUTE_COLUMNS.map(([name]) => name), 'geometry'] as const;

export function edgeToRow(e: RoadEdge): unknown[] {
  const line = polyline.encode(
    e.geometry.map(([lon, lat]) => [lat, lon]),
    COORDINATE_DIGITS,
  );
  // SQLite keeps a boolean as 0 or 1 (better-sqlite3 binds no booleans).
  return [e.id, e.from, e.to, ...attributeValues(e).map((v) => (typeof v === 'boolean' ? Number(v) : v)), line];
}

const TUNNEL = EDGE_COLUMNS.indexOf('tunnel');
const GEOMETRY = EDGE_COLUMNS.indexOf('geometry');

/** An edge from a raw row of EDGE_COLUMNS (an array, in their order): the network's load reads a million of them. */
export function edgeFromValues(v: readonly unknown[]): RoadEdge {
  return {
    id: v[0] as number,
    from: v[1] as number,
    to: v[2] as number,
    ...attributesFromValues(v, 3, v[TUNNEL] === 1),
    geometry: decodeLine(v[GEOMETRY] as string),
  };
}

const decodeLine = (line: string) => polyline.decode(line, COORDINATE_DIGITS).map(([lat, lon]) => [lon, lat] as LonLat);
