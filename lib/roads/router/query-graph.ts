import { edgeSeconds } from './arcs';
import type { BuiltGraph, NodePlace, PathNode } from './graph';
import type { EndLink } from './landmark-bounds';
import type { Snap } from './snap';
import { type SnappedEnd, snappedEnds } from './snapped-ends';
import type { Traversal } from './traversal';

export const START = -1;
export const END = -2;

/**
 * A link as ngraph.path sees it. One object is reused for every link it is shown (it reads a link only while its
 * callback runs): a network arc (`edge` ≥ 0, its plain time in `weight`), or a link of the route's start or end
 * (`traversal`, the part of the snapped edge it drives).
 */
export interface QueryLink {
  fromId: number;
  toId: number;
  edge: number;
  weight: number;
  traversal: Traversal | null;
}

interface EndTraversal {
  node: number;
  traversal: Traversal;
}

/**
 * The network for one search, as much of an ngraph.graph as ngraph.path reads (`getNode`, `forEachLinkedNode`):
 * the built graph's arcs, and the snapped start and end as two extra nodes linked to the ends of their edges, as
 * the edges' directions allow.
 */
export class QueryGraph {
  private readonly startNode: PathNode;
  private readonly endNode: PathNode;
  /** Links out of the start (to a node, or to the end along the same edge) and into the end. */
  private readonly outOfStart: EndTraversal[];
  private readonly intoEnd: SnappedEnd[];
  /** The ways out of the start onto the network (`outOfStart` without the one along the road to the end). */
  private readonly exits: SnappedEnd[];
  /** The network's nodes the start and end are linked to (a few at most). */
  private readonly joined: number[];
  private readonly link: QueryLink = { fromId: 0, toId: 0, edge: -1, weight: 0, traversal: null };

  constructor(
    private readonly built: BuiltGraph,
    from: Snap,
    to: Snap,
  ) {
    this.startNode = { id: START, data: { lon: from.point[0], lat: from.point[1] } };
    this.endNode = { id: END, data: { lon: to.point[0], lat: to.point[1] } };
    const { sources, targets, direct } = snappedEnds(from, to);
    this.exits = sources;
    this.outOfStart = [...sources, ...(direct ? [{ node: END, traversal: direct }] : [])];
    this.intoEnd = targets;
    this.joined = [...this.outOfStart, ...this.intoEnd].map((l) => l.node).filter((node) => node >= 0);
  }

  getNode(id: number): PathNode | undefined {
    return id === START ? this.startNode : id === END ? this.endNode : id >= 0 && id < this.built.arcs.nodeCount ? this.node(id) : undefined;
  }

  /**
   * A node as ngraph.path reads it, made each time it is shown: the graph keeps no object per node (a country has
   * millions), and ngraph.path keys its search by the id. Cheaper than looking one up.
   */
  private node(id: number): PathNode {
    return new PlacedNode(id, this.built.places);
  }

  /** Every link at the node, out and (unless `oriented`) in, as ngraph.graph shows them. */
  forEachLinkedNode(id: number, visit: (other: PathNode, link: QueryLink) => unknown, oriented?: boolean): void {
    if (id < 0 || this.joined.includes(id)) this.forEachEndLink(id, visit, oriented);
    if (id < 0) return;
    const { arcs } = this.built;
    const link = this.link;
    link.traversal = null;
    const { out } = arcs;
    const { lengthM, speedKmh } = this.built.edges;
    for (let a = out.start[id], last = out.start[id + 1]; a < last; a++) {
      link.fromId = id;
      link.toId = out.head[a];
      link.edge = out.edge[a];
      link.weight = edgeSeconds(lengthM, speedKmh, link.edge);
      visit(this.node(link.toId), link);
    }
    if (oriented) return;
    const into = arcs.in;
    for (let a = into.start[id], last = into.start[id + 1]; a < last; a++) {
      link.fromId = into.head[a];
      link.toId = id;
      link.edge = into.edge[a];
      link.weight = edgeSeconds(lengthM, speedKmh, link.edge);
      visit(this.node(link.fromId), link);
    }
  }

  /** The links of the route's start and end at the node (the start or end itself, or a node one of them joins). */
  private forEachEndLink(id: number, visit: (other: PathNode, link: QueryLink) => unknown, oriented?: boolean): void {
    const link = this.link;
    const show = (other: PathNode, fromId: number, toId: number, traversal: Traversal) => {
      link.fromId = fromId;
      link.toId = toId;
      link.edge = -1;
      link.weight = 0;
      link.traversal = traversal;
      visit(other, link);
    };
    for (const { node, traversal } of this.outOfStart) {
      if (id === START) show(this.getNode(node)!, START, node, traversal);
      else if (id === node && !oriented) show(this.startNode, START, node, traversal);
    }
    for (const { node, traversal } of this.intoEnd) {
      if (id === node) show(this.endNode, node, END, traversal);
      else if (id === END && !oriented) show(this.getNode(node)!, node, END, traversal);
    }
  }

  /** Every way of driving from one node straight to another (parallel roads, and the links of the ends). */
  traversalsBetween(fromId: number, toId: number): Traversal[] {
    const out: Traversal[] = [];
    if (fromId === START) for (const l of this.outOfStart) if (l.node === toId) out.push(l.traversal);
    if (toId === END) for (const l of this.intoEnd) if (l.node === fromId) out.push(l.traversal);
    if (fromId < 0 || toId < 0) return out;
    const { arcs, edges } = this.built;
    for (let a = arcs.out.start[fromId]; a < arcs.out.start[fromId + 1]; a++) {
      if (arcs.out.head[a] !== toId) continue;
      const forward = arcs.out.forward[a] === 1;
      out.push({ edge: edges.get(arcs.out.edge[a]), from: forward ? 0 : 1, to: forward ? 1 : 0 });
    }
    return out;
  }

  /** The ways out of the start onto the network and into the end from it, at their plain times (for the landmark bounds). */
  endLinks(): { exits: EndLink[]; entries: EndLink[] } {
    return { exits: this.exits, entries: this.intoEnd };
  }
}

/** A node whose place is read from the graph's array when a heuristic asks for it (the great circle's does). */
class PlacedNode implements PathNode {
  constructor(
    readonly id: number,
    private readonly places: Float64Array,
  ) {}

  get data(): NodePlace {
    return { lon: this.places[2 * this.id], lat: this.places[2 * this.id + 1] };
  }
}
