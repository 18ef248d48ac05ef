import { runSteps, STEP_ITEMS, type Steps } from '@/lib/core/steps';
import type { EdgeTable } from '../edge-table';

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
  /** Empty in a graph read without its search aids (`PreparedGraph`): `edgeSeconds` gives each arc's time. */
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

export function buildArcs(nodeCount: number, edges: EdgeTable): ArcSets {
  return runSteps(arcSteps(nodeCount, edges));
}

/** The arcs counted per node first, then each put in its place: no list of every arc grows on the heap meanwhile. */
export function* arcSteps(nodeCount: number, edges: EdgeTable): Steps<ArcSets> {
  const outStart = new Uint32Array(nodeCount + 1);
  const inStart = new Uint32Array(nodeCount + 1);
  yield* eachArc(edges, (tail, head) => {
    outStart[tail + 1]++;
    inStart[head + 1]++;
  });
  for (let v = 0; v < nodeCount; v++) {
    outStart[v + 1] += outStart[v];
    inStart[v + 1] += inStart[v];
  }
  yield;
  const [out, into] = [emptyArcs(outStart), emptyArcs(inStart)];
  const [outNext, inNext] = [outStart.slice(0, nodeCount), inStart.slice(0, nodeCount)];
  yield* eachArc(edges, (tail, head, s, edge, forward) => {
    place(out, outNext[tail]++, head, s, edge, forward);
    place(into, inNext[head]++, tail, s, edge, forward);
  });
  return { nodeCount, out, in: into };
}

/**
 * An arc's time in seconds: to the bit, the search's cost of the whole edge (`seconds` of traversal.ts from 0 to 1).
 * A search on a graph read without its arcs' times (its hierarchy kept) works them out again with this.
 */
export function edgeSeconds(lengthM: Float64Array, speedKmh: Float64Array, edge: number): number {
  return (lengthM[edge] * 3.6) / speedKmh[edge];
}

type ArcVisit = (tail: number, head: number, seconds: number, edge: number, forward: number) => void;

/** Each arc of the edges, in their order (an edge's forward arc first). */
function* eachArc(edges: EdgeTable, visit: ArcVisit): Steps<void> {
  const { from, to, lengthM, speedKmh } = edges;
  for (let i = 0; i < edges.length; i++) {
    // A loop leads nowhere; a route can still start or end on it.
    if (from[i] !== to[i]) {
      const s = edgeSeconds(lengthM, speedKmh, i);
      const oneway = edges.oneway(i);
      if (oneway !== 'backward') visit(from[i], to[i], s, i, 1);
      if (oneway !== 'forward') visit(to[i], from[i], s, i, 0);
    }
    if (i % STEP_ITEMS === 0) yield;
  }
}

function emptyArcs(start: Uint32Array): Arcs {
  const count = start[start.length - 1];
  return { start, head: new Uint32Array(count), weight: new Float64Array(count), edge: new Uint32Array(count), forward: new Uint8Array(count) };
}

function place(arcs: Arcs, at: number, head: number, s: number, edge: number, forward: number): void {
  arcs.head[at] = head;
  arcs.weight[at] = s;
  arcs.edge[at] = edge;
  arcs.forward[at] = forward;
}
