import type { BuiltGraph, PathNode } from './graph';
import type { EndLink } from './landmark-bounds';
import type { Snap } from './snap';
import { seconds, type Traversal } from './traversal';

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
  private readonly outOfStart: EndTraversal[] = [];
  private readonly intoEnd: EndTraversal[] = [];
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
    const forward = (s: Snap) => s.edge.oneway !== 'backward';
    const backward = (s: Snap) => s.edge.oneway !== 'forward';
    const leave = (node: number, traversal: Traversal) => this.outOfStart.push({ node, traversal });
    const arrive = (node: number, traversal: Traversal) => this.intoEnd.push({ node, traversal });
    if (forward(from)) leave(from.edge.to, { edge: from.edge, from: from.fraction, to: 1 });
    if (backward(from)) leave(from.edge.from, { edge: from.edge, from: from.fraction, to: 0 });
    if (forward(to)) arrive(to.edge.from, { edge: to.edge, from: 0, to: to.fraction });
    if (backward(to)) arrive(to.edge.to, { edge: to.edge, from: 1, to: to.fraction });
    // An end on a junction may leave or arrive by any road that meets there, whichever way its edge runs.
    const junction = (s: Snap) => (s.fraction === 0 ? s.edge.from : s.fraction === 1 ? s.edge.to : null);
    const [startJunction, endJunction] = [junction(from), junction(to)];
    if (startJunction !== null) leave(startJunction, { edge: from.edge, from: from.fraction, to: from.fraction });
    if (endJunction !== null) arrive(endJunction, { edge: to.edge, from: to.fraction, to: to.fraction });
    if (from.edge === to.edge) {
      const along = to.fraction >= from.fraction;
      // Two points at the same spot are joined whichever way the road runs.
      if (to.fraction === from.fraction || (along ? forward(from) : backward(from))) leave(END, { edge: from.edge, from: from.fraction, to: to.fraction });
    }
    this.joined = [...this.outOfStart, ...this.intoEnd].map((l) => l.node).filter((node) => node >= 0);
  }

  getNode(id: number): PathNode | undefined {
    return id === START ? this.startNode : id === END ? this.endNode : this.built.nodes[id];
  }

  /** Every link at the node, out and (unless `oriented`) in, as ngraph.graph shows them. */
  forEachLinkedNode(id: number, visit: (other: PathNode, link: QueryLink) => unknown, oriented?: boolean): void {
    if (id < 0 || this.joined.includes(id)) this.forEachEndLink(id, visit, oriented);
    if (id < 0) return;
    const { arcs, nodes } = this.built;
    const link = this.link;
    link.traversal = null;
    const { out } = arcs;
    for (let a = out.start[id], last = out.start[id + 1]; a < last; a++) {
      link.fromId = id;
      link.toId = out.head[a];
      link.edge = out.edge[a];
      link.weight = out.weight[a];
      visit(nodes[link.toId], link);
    }
    if (oriented) return;
    const into = arcs.in;
    for (let a = into.start[id], last = into.start[id + 1]; a < last; a++) {
      link.fromId = into.head[a];
      link.toId = id;
      link.edge = into.edge[a];
      link.weight = into.weight[a];
      visit(nodes[link.fromId], link);
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
      out.push({ edge: edges[arcs.out.edge[a]], from: forward ? 0 : 1, to: forward ? 1 : 0 });
    }
    return out;
  }

  /** The ways out of the start onto the network and into the end from it, at their plain times (for the landmark bounds). */
  endLinks(): { exits: EndLink[]; entries: EndLink[] } {
    const plain = (links: EndTraversal[]) => links.filter((l) => l.node >= 0).map((l) => ({ node: l.node, seconds: seconds(l.traversal) }));
    return { exits: plain(this.outOfStart), entries: plain(this.intoEnd) };
  }
}
