import { runSteps, STEP_ITEMS, type Steps } from '@/lib/core/steps';
import type { EdgeTable } from '../edge-table';
import type { LoadedNetwork } from '../store/types';
import { type ArcSets, arcSteps } from './arcs';

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
  /** Per node id, its longitude and latitude (2 numbers a node; a search makes the objects ngraph.path reads). */
  places: Float64Array;
  edges: EdgeTable;
  /** Per edge: whether it has any limit, so the search checks only those against the vehicle. */
  limited: Uint8Array;
  /** The fastest speed of the network (m/s): the great-circle heuristic's time is the distance at this speed. */
  maxSpeedMps: number;
}

/** How many node ids a network's arrays need: ids are the nodes' positions in the store, sized by the largest to be safe. */
export const nodeCountOf = (nodes: readonly { id: number }[]) => nodes.reduce((most, node) => Math.max(most, node.id + 1), 0);

/** The network's arcs in typed arrays, and what the search needs beside them. */
export function buildGraph(network: LoadedNetwork): BuiltGraph {
  return runSteps(graphSteps(network));
}

/** `buildGraph` in steps of a few thousand nodes or edges, for a server to run in turns. */
export function* graphSteps({ network, nodes, edges }: LoadedNetwork): Steps<BuiltGraph> {
  const nodeCount = nodeCountOf(nodes);
  const places = new Float64Array(2 * nodeCount);
  for (let i = 0; i < nodes.length; i++) {
    places[2 * nodes[i].id] = nodes[i].lon;
    places[2 * nodes[i].id + 1] = nodes[i].lat;
    if (i % STEP_ITEMS === 0) yield;
  }
  const limited = new Uint8Array(edges.length);
  let maxSpeedKmh = 1;
  for (let i = 0; i < edges.length; i++) {
    limited[i] = edges.hasLimits(i) ? 1 : 0;
    maxSpeedKmh = Math.max(maxSpeedKmh, edges.speedKmh[i]);
    if (i % STEP_ITEMS === 0) yield;
  }
  const arcs = yield* arcSteps(nodeCount, edges);
  return { networkId: network.id, arcs, places, edges, limited, maxSpeedMps: maxSpeedKmh / 3.6 };
}
