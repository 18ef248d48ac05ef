import type { RoadEdge } from '../edge';
import { hasLimits } from '../edge';
import type { LoadedNetwork } from '../store/types';
import { type ArcSets, buildArcs } from './arcs';

export interface NodePlace {
  lon: number;
  lat: number;
}

/** A node as ngraph.path handles it: its id and its place (for the great-circle heuristic). */
export interface PathNode {
  id: number;
  data: NodePlace;
}

export interface BuiltGraph {
  networkId: number;
  /** The drivable arcs (one per direction a road may be driven; one-way roads have one), for the search and the landmarks. */
  arcs: ArcSets;
  /** Per node id, the object ngraph.path is handed for it (the same one every time). */
  nodes: PathNode[];
  edges: RoadEdge[];
  /** Per edge: whether it has any limit, so the search checks only those against the vehicle. */
  limited: Uint8Array;
  /** The fastest speed of the network (m/s): the great-circle heuristic's time is the distance at this speed. */
  maxSpeedMps: number;
}

/** How many node ids a network's arrays need: ids are the nodes' positions in the store, sized by the largest to be safe. */
export const nodeCountOf = (nodes: readonly { id: number }[]) => nodes.reduce((most, node) => Math.max(most, node.id + 1), 0);

/** The network's arcs in typed arrays, and what the search needs beside them. */
export function buildGraph({ network, nodes, edges }: LoadedNetwork): BuiltGraph {
  const nodeCount = nodeCountOf(nodes);
  const pathNodes: PathNode[] = Array.from({ length: nodeCount }, (_, id) => ({ id, data: { lon: 0, lat: 0 } }));
  for (const node of nodes) pathNodes[node.id].data = { lon: node.lon, lat: node.lat };
  const limited = new Uint8Array(edges.length);
  let maxSpeedKmh = 1;
  for (const edge of edges) {
    limited[edge.id] = hasLimits(edge) ? 1 : 0;
    maxSpeedKmh = Math.max(maxSpeedKmh, edge.speedKmh);
  }
  return { networkId: network.id, arcs: buildArcs(nodeCount, edges), nodes: pathNodes, edges, limited, maxSpeedMps: maxSpeedKmh / 3.6 };
}
