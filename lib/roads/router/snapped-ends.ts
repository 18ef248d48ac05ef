import type { EndLink } from './landmark-bounds';
import type { Snap } from './snap';
import { seconds, type Traversal } from './traversal';

/** A junction a route's end is joined to, with the part of the end's road driven and its time. */
export interface SnappedEnd extends EndLink {
  traversal: Traversal;
}

/**
 * Where a route between two points snapped onto roads enters and leaves the network's junctions (every engine on
 * the network's arcs answers by it: the embedded router's `QueryGraph`, the contraction hierarchy): to either end of
 * the start's road and from either end of the end's road, as their directions allow, a point on a junction by any road
 * that meets there, and along one road when both lie on it.
 */
export function snappedEnds(from: Snap, to: Snap): { sources: SnappedEnd[]; targets: SnappedEnd[]; direct: Traversal | null } {
  const forward = (s: Snap) => s.edge.oneway !== 'backward';
  const backward = (s: Snap) => s.edge.oneway !== 'forward';
  const link = (node: number, traversal: Traversal): SnappedEnd => ({ node, seconds: seconds(traversal), traversal });
  const sources: SnappedEnd[] = [];
  const targets: SnappedEnd[] = [];
  if (forward(from)) sources.push(link(from.edge.to, { edge: from.edge, from: from.fraction, to: 1 }));
  if (backward(from)) sources.push(link(from.edge.from, { edge: from.edge, from: from.fraction, to: 0 }));
  if (forward(to)) targets.push(link(to.edge.from, { edge: to.edge, from: 0, to: to.fraction }));
  if (backward(to)) targets.push(link(to.edge.to, { edge: to.edge, from: 1, to: to.fraction }));
  // An end on a junction may leave or arrive by any road that meets there, whichever way its edge runs.
  const junction = (s: Snap) => (s.fraction === 0 ? s.edge.from : s.fraction === 1 ? s.edge.to : null);
  const [startJunction, endJunction] = [junction(from), junction(to)];
  if (startJunction !== null) sources.push(link(startJunction, { edge: from.edge, from: from.fraction, to: from.fraction }));
  if (endJunction !== null) targets.push(link(endJunction, { edge: to.edge, from: to.fraction, to: to.fraction }));
  let direct: Traversal | null = null;
  if (from.edge.id === to.edge.id) {
    const along = to.fraction >= from.fraction;
    // Two points at the same spot are joined whichever way the road runs.
    if (to.fraction === from.fraction || (along ? forward(from) : backward(from))) direct = { edge: from.edge, from: from.fraction, to: to.fraction };
  }
  return { sources, targets, direct };
}
