import type { RoadEdge } from '../edge';
import { seconds } from './traversal';

/**
 * The network's drivable arcs in compressed-sparse-row form, forwards and backwards: for node `v`, its arcs are
 * positions `start[v]` to `start[v + 1] - 1` of `head` (the node at the arc's other end), `weight` (its time in
 * seconds, the search's cost without penalties), `edge` (the edge's id) and `forward` (1 when the arc drives the edge
 * the way it is drawn). Node ids are the positions of the network's nodes. Typed arrays: a million edges hold tens of
 * megabytes, not the hundreds an object per link takes.
 */
export interface Arcs {
  start: Uint32Array;
  head: Uint32Array;
  weight: Float64Array;
  edge: Uint32Array;
  forward: Uint8Array;
}

export interface ArcSets {
  nodeCount: number;
  /** Arcs as the roads may be driven. */
  out: Arcs;
  /** The same arcs turned round: from each node to the nodes that drive into it. */
  in: Arcs;
}

export function buildArcs(nodeCount: number, edges: readonly RoadEdge[]): ArcSets {
  const tails: number[] = [];
  const heads: number[] = [];
  const weights: number[] = [];
  const edgeIds: number[] = [];
  const forwards: number[] = [];
  const arc = (tail: number, head: number, s: number, edge: number, forward: number) => {
    tails.push(tail);
    heads.push(head);
    weights.push(s);
    edgeIds.push(edge);
    forwards.push(forward);
  };
  for (const edge of edges) {
    if (edge.from === edge.to) continue; // a loop leads nowhere; a route can still start or end on it
    const s = seconds({ edge, from: 0, to: 1 }); // to the bit, the search's cost of the whole edge
    if (edge.oneway !== 'backward') arc(edge.from, edge.to, s, edge.id, 1);
    if (edge.oneway !== 'forward') arc(edge.to, edge.from, s, edge.id, 0);
  }
  const rest = { weights, edgeIds, forwards };
  return { nodeCount, out: compress(nodeCount, tails, heads, rest), in: compress(nodeCount, heads, tails, rest) };
}

function compress(nodeCount: number, tails: number[], heads: number[], rest: { weights: number[]; edgeIds: number[]; forwards: number[] }): Arcs {
  const start = new Uint32Array(nodeCount + 1);
  for (const t of tails) start[t + 1]++;
  for (let v = 0; v < nodeCount; v++) start[v + 1] += start[v];
  const next = start.slice(0, nodeCount);
  const head = new Uint32Array(tails.length);
  const weight = new Float64Array(tails.length);
  const edge = new Uint32Array(tails.length);
  const forward = new Uint8Array(tails.length);
  for (let i = 0; i < tails.length; i++) {
    const at = next[tails[i]]++;
    head[at] = heads[i];
    weight[at] = rest.weights[i];
    edge[at] = rest.edgeIds[i];
    forward[at] = rest.forwards[i];
  }
  return { start, head, weight, edge, forward };
}
