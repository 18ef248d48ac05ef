import type { RoadEdge, RoadNode } from '../edge';
import type { EdgeTable } from '../edge-table';

/** A road network as imported: what the page names as the road data in use. */
export interface RoadNetwork {
  id: number;
  name: string;
  /** Where it came from ("OpenStreetMap extract colorado.osm.pbf", "Demo roads"). */
  source: string;
  importedAt: string;
  /** Made up by the seed rather than imported from real data: labelled as generated wherever it appears. */
  generated: boolean;
  nodeCount: number;
  edgeCount: number;
  /** Ways with a tag value the import could not read, by tag. */
  unreadable: Record<string, number>;
}

export type NewRoadNetwork = Pick<RoadNetwork, 'name' | 'source' | 'importedAt' | 'generated' | 'unreadable'>;

/** Rows of a network as an import makes them: each edge's nodes in its batch or an earlier one. */
export interface NetworkBatch {
  nodes: readonly RoadNode[];
  edges: readonly RoadEdge[];
}

export type NetworkRows = Iterable<NetworkBatch> | AsyncIterable<NetworkBatch>;

export interface LoadedNetwork {
  network: RoadNetwork;
  nodes: RoadNode[];
  /** In typed columns: a country's edges as objects would not fit an instance's memory. */
  edges: EdgeTable;
}

/**
 * The road network, one engine per backend. One network answers at a time: an import writes the new one beside
 * it and switches at the end, so a failed import leaves the previous one answering.
 */
export interface RoadStore {
  describe(): string;
  /** The network that answers, or null before the first import. Cheap: routers ask before each route. */
  current(): Promise<RoadNetwork | null>;
  /** The current network's nodes and edges. */
  load(): Promise<LoadedNetwork | null>;
  /**
   * Writes a network's rows as they come (node and edge ids numbered from 0) and makes it the current one, all or
   * nothing: an error thrown by `rows` rolls it back too.
   */
  replace(network: NewRoadNetwork, rows: NetworkRows, onProgress?: (written: number) => void): Promise<RoadNetwork>;
  /** Runs `fn` while no other instance on the same database runs one of the same name (the demo seed, at start). */
  exclusively<T>(name: string, fn: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}
