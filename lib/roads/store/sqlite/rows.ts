import polyline from '@mapbox/polyline';
import type { LonLat, RoadEdge, RoadNode } from '../../edge';
import { COORDINATE_DIGITS } from '../../geometry';
import { ATTRIBUTE_COLUMNS, type AttributeRow, attributesFromRow, attributeValues } from '../edge-attributes';
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

type EdgeRow = AttributeRow & { id: number; from_node: number; to_node: number; tunnel: number; geometry: string };

export function edgeToRow(e: RoadEdge): unknown[] {
  const line = polyline.encode(
    e.geometry.map(([lon, lat]) => [lat, lon]),
    COORDINATE_DIGITS,
  );
  // SQLite keeps a boolean as 0 or 1 (better-sqlite3 binds no booleans).
  return [e.id, e.from, e.to, ...attributeValues(e).map((v) => (typeof v === 'boolean' ? Number(v) : v)), line];
}

export function edgeFromRow(r: EdgeRow): RoadEdge {
  return {
    id: r.id,
    from: r.from_node,
    to: r.to_node,
    ...attributesFromRow(r, r.tunnel === 1),
    geometry: polyline.decode(r.geometry, COORDINATE_DIGITS).map(([lat, lon]) => [lon, lat] as LonLat),
  };
}

export function nodeFromRow(r: { id: number; osm_id: number | null; lon: number; lat: number }): RoadNode {
  return { id: r.id, osmId: r.osm_id, lon: r.lon, lat: r.lat };
}
