import createGraph, { type Graph } from 'ngraph.graph';
import { hasLimits, type RoadEdge } from '../edge';
import type { LoadedNetwork } from '../store/types';
import type { Traversal } from './traversal';

export interface NodePlace {
  lon: number;
  lat: number;
}

/** Every edge that joins two nodes in one direction: parallel roads share one link and the search picks among them. */
export type LinkData = Traversal[];
export type RoadGraph = Graph<NodePlace, LinkData>;

export interface BuiltGraph {
  networkId: number;
  graph: RoadGraph;
  edges: RoadEdge[];
  /** Per edge: whether it has any limit, so the search checks only those against the vehicle. */
  limited: Uint8Array;
  /** The fastest speed of the network (m/s): the A* heuristic's time is the great-circle distance at this speed. */
  maxSpeedMps: number;
}

/** Adds a way of driving from one node to another, beside any other edge between the same two nodes. */
export function addTraversal(graph: RoadGraph, fromId: number, toId: number, traversal: Traversal): void {
  const link = graph.getLink(fromId, toId);
  if (link) link.data.push(traversal);
  else graph.addLink(fromId, toId, [traversal]);
}

/** An oriented ngraph.graph of the network: one link per direction a road may be driven (one-way roads have one). */
export function buildGraph({ network, nodes, edges }: LoadedNetwork): BuiltGraph {
  const graph: RoadGraph = createGraph<NodePlace, LinkData>();
  graph.beginUpdate();
  for (const node of nodes) graph.addNode(node.id, { lon: node.lon, lat: node.lat });
  const limited = new Uint8Array(edges.length);
  let maxSpeedKmh = 1;
  for (const edge of edges) {
    limited[edge.id] = hasLimits(edge) ? 1 : 0;
    maxSpeedKmh = Math.max(maxSpeedKmh, edge.speedKmh);
    if (edge.from === edge.to) continue; // a loop leads nowhere; a route can still start or end on it
    if (edge.oneway !== 'backward') addTraversal(graph, edge.from, edge.to, { edge, from: 0, to: 1 });
    if (edge.oneway !== 'forward') addTraversal(graph, edge.to, edge.from, { edge, from: 1, to: 0 });
  }
  graph.endUpdate();
  return { networkId: network.id, graph, edges, limited, maxSpeedMps: maxSpeedKmh / 3.6 };
}
