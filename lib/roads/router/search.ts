import { aStar, nba } from 'ngraph.path';
import { haversineMeters } from '../geometry';
import { mayUse } from '../restrictions';
import type { Vehicle } from '../vehicle';
import { addTraversal, type BuiltGraph, type LinkData, type NodePlace } from './graph';
import { type EndLink, landmarkBounds } from './landmark-bounds';
import type { Landmarks } from './landmarks';
import type { Snap } from './snap';
import { seconds, type Traversal } from './traversal';

/**
 * `legal`: edges the vehicle may not use are never expanded (ngraph.path's `blocked` hook). `fewest-breaks`: every
 * edge may be used, each forbidden one at a penalty so large that the route breaks as few restrictions as it can,
 * then is the fastest (the route offered when no legal one exists). `unrestricted`: every edge at its time (the
 * fastest route, to say which restrictions the legal one goes around).
 */
export type SearchMode = 'legal' | 'fewest-breaks' | 'unrestricted';
export const PENALTY_S = 1e6;

const START = -1;
const END = -2;

export interface SearchResult {
  traversals: Traversal[];
}

export interface SearchOptions {
  mode: SearchMode;
  /** `nba`: ngraph.path's bidirectional A* (NBA*); `a-star`: its A*; `dijkstra`: its A* without heuristic (the benchmark's baseline). */
  algorithm: 'nba' | 'a-star' | 'dijkstra';
  /** The network's landmarks, for the heuristic (ALT); without them, the great-circle time at the network's top speed. */
  landmarks?: Landmarks | null;
}

/**
 * The fastest way from one snapped point to another (time = length at each edge's speed), by ngraph.path's NBA*
 * (bidirectional A*). Its heuristic is the landmarks' lower bound (landmark-bounds.ts) when the network has
 * landmarks, else the great-circle time at the network's top speed (never more than the true time: an edge is never
 * shorter than the great circle between its ends). The snapped points join the graph as two temporary nodes for the
 * time of the search.
 */
export function search(built: BuiltGraph, from: Snap, to: Snap, vehicle: Vehicle, options: SearchOptions): SearchResult | null {
  const { graph, limited, maxSpeedMps } = built;
  // Moving 0 m along a road is not using it: an end snapped onto a junction is not held back by a road leaving it.
  const forbidden = (t: Traversal) => limited[t.edge.id] === 1 && t.from !== t.to && !mayUse(t.edge, vehicle);
  const ignoring = options.mode !== 'legal';
  const penalized = options.mode === 'fewest-breaks';
  const usable = (t: Traversal) => ignoring || !forbidden(t);
  const cost = (t: Traversal) => seconds(t) + (penalized && forbidden(t) ? PENALTY_S : 0);
  const cheapest = (links: LinkData) => {
    let best: Traversal | null = null;
    for (const t of links) if (usable(t) && (!best || cost(t) < cost(best))) best = t;
    return best;
  };

  addEnds(built, from, to);
  try {
    const settings = {
      oriented: true,
      blocked: (_a: unknown, _b: unknown, link: { data: LinkData }) => !ignoring && link.data.every(forbidden),
      distance: (_a: unknown, _b: unknown, link: { data: LinkData }) => cost(cheapest(link.data)!),
      heuristic: options.landmarks
        ? landmarkHeuristic(built, options.landmarks)
        : (a: { data: NodePlace }, b: { data: NodePlace }) => (haversineMeters([a.data.lon, a.data.lat], [b.data.lon, b.data.lat]) / maxSpeedMps) * (1 - 1e-9),
    };
    const finder =
      options.algorithm === 'nba' ? nba(graph, settings) : aStar(graph, options.algorithm === 'a-star' ? settings : { ...settings, heuristic: () => 0 });
    // ngraph.path answers the nodes from the end back to the start; the end alone means there is no path.
    const nodes = finder.find(START, END).reverse();
    if (nodes.length < 2 || nodes[0].id !== START) return null;
    const traversals: Traversal[] = [];
    for (let i = 1; i < nodes.length; i++) traversals.push(cheapest(graph.getLink(nodes[i - 1].id, nodes[i].id)!.data)!);
    return { traversals };
  } finally {
    graph.removeNode(START);
    graph.removeNode(END);
  }
}

/**
 * ngraph.path asks its heuristic for (start, node) and (node, end) only: the bounds from the start and to the end.
 * From the start to the end itself it answers 0 (that estimate only seeds the two searches).
 */
function landmarkHeuristic({ graph }: BuiltGraph, landmarks: Landmarks) {
  const exits: EndLink[] = [];
  const entries: EndLink[] = [];
  const plainest = (links: LinkData) => Math.min(...links.map(seconds));
  graph.forEachLinkedNode(
    START,
    (node, link) => {
      if (link.fromId === START && node.id !== END) exits.push({ node: node.id as number, seconds: plainest(link.data) });
    },
    true,
  );
  graph.forEachLinkedNode(END, (node, link) => {
    if (link.toId === END && node.id !== START) entries.push({ node: node.id as number, seconds: plainest(link.data) });
  });
  const { fromStart, toEnd } = landmarkBounds(landmarks, exits, entries);
  return (a: { id: unknown }, b: { id: unknown }) => {
    if (a.id === START) return b.id === START || b.id === END ? 0 : fromStart(b.id as number);
    if (b.id === END) return a.id === END ? 0 : toEnd(a.id as number);
    throw new Error('the landmark heuristic bounds routes from the start or to the end only');
  };
}

/** Links from the start to the ends of its edge and from the ends of the end's edge to the end, as the edges' directions allow. */
function addEnds({ graph }: BuiltGraph, from: Snap, to: Snap): void {
  graph.addNode(START, { lon: from.point[0], lat: from.point[1] });
  graph.addNode(END, { lon: to.point[0], lat: to.point[1] });
  const forward = (s: Snap) => s.edge.oneway !== 'backward';
  const backward = (s: Snap) => s.edge.oneway !== 'forward';
  if (forward(from)) addTraversal(graph, START, from.edge.to, { edge: from.edge, from: from.fraction, to: 1 });
  if (backward(from)) addTraversal(graph, START, from.edge.from, { edge: from.edge, from: from.fraction, to: 0 });
  if (forward(to)) addTraversal(graph, to.edge.from, END, { edge: to.edge, from: 0, to: to.fraction });
  if (backward(to)) addTraversal(graph, to.edge.to, END, { edge: to.edge, from: 1, to: to.fraction });
  // An end on a junction may leave or arrive by any road that meets there, whichever way its edge runs.
  const junction = (s: Snap) => (s.fraction === 0 ? s.edge.from : s.fraction === 1 ? s.edge.to : null);
  const [startNode, endNode] = [junction(from), junction(to)];
  if (startNode !== null) addTraversal(graph, START, startNode, { edge: from.edge, from: from.fraction, to: from.fraction });
  if (endNode !== null) addTraversal(graph, endNode, END, { edge: to.edge, from: to.fraction, to: to.fraction });
  if (from.edge === to.edge) {
    const along = to.fraction >= from.fraction;
    if ((along && forward(from)) || (!along && backward(from))) addTraversal(graph, START, END, { edge: from.edge, from: from.fraction, to: to.fraction });
  }
}
