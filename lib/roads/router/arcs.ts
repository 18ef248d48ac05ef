import type { RoadEdge } from '../edge';
import { seconds } from './traversal';

/**
 * The network's drivable arcs in compressed-sparse-row form, forwards and backwards: for node `v`, its arcs are
 * positions `start[v]` to `start[v + 1] - 1` of `head` (the node each leads to) and `weight` (its time in seconds,
 * the search's cost without penalties). Node ids are the positions of the network's nodes.
 */
export interface Arcs {
  start: Uint32Array;
  head: Uint32Array;
  weight: Float64Array;
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
  const arc = (tail: number, head: number, s: number) => {
    tails.push(tail);
    heads.push(head);
    weights.push(s);
  };
  for (const edge of edges) {
    if (edge.from === edge.to) continue;
    const s = seconds({ edge, from: 0, to: 1 }); // to the bit, the search's cost of the whole edge
    if (edge.oneway !== 'backward') arc(edge.from, edge.to, s);
    if (edge.oneway !== 'forward') arc(edge.to, edge.from, s);
  }
  return { nodeCount, out: compress(nodeCount, tails, heads, weights), in: compress(nodeCount, heads, tails, weights) };
}

function compress(nodeCount: number, tails: number[], heads: number[], weights: number[]): Arcs {
  const start = new Uint32Array(nodeCount + 1);
  for (const t of tails) start[t + 1]++;
  for (let v = 0; v < nodeCount; v++) start[v + 1] += start[v];
  const next = start.slice(0, nodeCount);
  const head = new Uint32Array(tails.length);
  const weight = new Float64Array(tails.length);
  for (let i = 0; i < tails.length; i++) {
    const at = next[tails[i]]++;
    head[at] = heads[i];
    weight[at] = weights[i];
  }
  return { start, head, weight };
}
