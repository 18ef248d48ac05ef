import type { Graph } from 'ngraph.graph';
import { aStar, nba } from 'ngraph.path';
import { haversineMeters } from '../geometry';
import { mayUse } from '../restrictions';
import type { Vehicle } from '../vehicle';
import type { BuiltGraph, PathNode } from './graph';
import { landmarkBounds } from './landmark-bounds';
import type { Landmarks } from './landmarks';
import { END, QueryGraph, type QueryLink, START } from './query-graph';
import type { Snap } from './snap';
import { mayDrive, seconds, type Traversal } from './traversal';

/**
 * `legal`: edges the vehicle may not use are never expanded (ngraph.path's `blocked` hook). `fewest-breaks`: every
 * edge may be used, each forbidden one at a penalty so large that the route breaks as few restrictions as it can,
 * then is the fastest (the route offered when no legal one exists). `unrestricted`: every edge at its time (the
 * fastest route, to say which restrictions the legal one goes around).
 */
export type SearchMode = 'legal' | 'fewest-breaks' | 'unrestricted';
export const PENALTY_S = 1e6;

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
 * shorter than the great circle between its ends). The snapped points join the network as two extra nodes of the
 * search's view of it (query-graph.ts).
 */
export function search(built: BuiltGraph, from: Snap, to: Snap, vehicle: Vehicle, options: SearchOptions): SearchResult | null {
  const { edges, limited, maxSpeedMps } = built;
  // Moving 0 m along a road is not using it: an end snapped onto a junction is not held back by a road leaving it.
  const forbidden = (t: Traversal) => limited[t.edge.id] === 1 && !mayDrive(t, vehicle);
  const forbiddenEdge = (edge: number) => limited[edge] === 1 && !mayUse(edges.limitsOf(edge), vehicle);
  const ignoring = options.mode !== 'legal';
  const penalized = options.mode === 'fewest-breaks';
  const usable = (t: Traversal) => ignoring || !forbidden(t);
  const cost = (t: Traversal) => seconds(t) + (penalized && forbidden(t) ? PENALTY_S : 0);
  const cheapest = (links: Traversal[]) => {
    let best: Traversal | null = null;
    for (const t of links) if (usable(t) && (!best || cost(t) < cost(best))) best = t;
    return best;
  };

  const view = new QueryGraph(built, from, to);
  const nodes = finderFor(built, options.algorithm)(view, {
    blocked: (_a, _b, link) => !ignoring && (link.traversal ? forbidden(link.traversal) : forbiddenEdge(link.edge)),
    distance: (_a, _b, link) => (link.traversal ? cost(link.traversal) : link.weight + (penalized && forbiddenEdge(link.edge) ? PENALTY_S : 0)),
    heuristic: options.landmarks
      ? landmarkHeuristic(view, options.landmarks)
      : (a, b) => (haversineMeters([a.data.lon, a.data.lat], [b.data.lon, b.data.lat]) / maxSpeedMps) * (1 - 1e-9),
  }).reverse();
  // ngraph.path answers the nodes from the end back to the start; the end alone means there is no path.
  if (nodes.length < 2 || nodes[0].id !== START) return null;
  const traversals: Traversal[] = [];
  for (let i = 1; i < nodes.length; i++) traversals.push(cheapest(view.traversalsBetween(nodes[i - 1].id, nodes[i].id))!);
  return { traversals };
}

interface QuerySettings {
  blocked: (a: PathNode, b: PathNode, link: QueryLink) => boolean;
  distance: (a: PathNode, b: PathNode, link: QueryLink) => number;
  heuristic: (a: PathNode, b: PathNode) => number;
}
type Finder = (view: QueryGraph, query: QuerySettings) => PathNode[];

const finders = new WeakMap<BuiltGraph, Map<SearchOptions['algorithm'], Finder>>();

/**
 * One ngraph.path finder per graph and algorithm, reused by every search (it keeps a pool of search states, so a
 * search does not make tens of thousands of new ones for the collector), with the search's view and settings
 * swapped in.
 */
function finderFor(built: BuiltGraph, algorithm: SearchOptions['algorithm']): Finder {
  const byAlgorithm = finders.get(built) ?? new Map<SearchOptions['algorithm'], Finder>();
  finders.set(built, byAlgorithm);
  let finder = byAlgorithm.get(algorithm);
  if (!finder) {
    let view: QueryGraph;
    let query: QuerySettings;
    const graph = {
      getNode: (id: number) => view.getNode(id),
      forEachLinkedNode: (id: number, visit: (other: PathNode, link: QueryLink) => unknown, oriented?: boolean) => view.forEachLinkedNode(id, visit, oriented),
    } as unknown as Graph<PathNode['data'], QueryLink>;
    const settings = {
      oriented: true,
      blocked: (a: PathNode, b: PathNode, link: QueryLink) => query.blocked(a, b, link),
      distance: (a: PathNode, b: PathNode, link: QueryLink) => query.distance(a, b, link),
      heuristic: algorithm === 'dijkstra' ? () => 0 : (a: PathNode, b: PathNode) => query.heuristic(a, b),
    };
    // ngraph.path's types name its graph's nodes and links; ours are the same shapes (id and data; fromId, toId and data).
    const path = algorithm === 'nba' ? nba(graph, settings as never) : aStar(graph, settings as never);
    finder = (v, q) => {
      [view, query] = [v, q];
      return path.find(START, END) as unknown as PathNode[];
    };
    byAlgorithm.set(algorithm, finder);
  }
  return finder;
}

/**
 * ngraph.path asks its heuristic for (start, node) and (node, end) only: the bounds from the start and to the end.
 * From the start to the end itself it answers 0 (that estimate only seeds the two searches).
 */
function landmarkHeuristic(view: QueryGraph, landmarks: Landmarks) {
  const { exits, entries } = view.endLinks();
  const { fromStart, toEnd } = landmarkBounds(landmarks, exits, entries);
  return (a: PathNode, b: PathNode) => {
    if (a.id === START) return b.id === START || b.id === END ? 0 : fromStart(b.id);
    if (b.id === END) return a.id === END ? 0 : toEnd(a.id);
    throw new Error('the landmark heuristic bounds routes from the start or to the end only');
  };
}
