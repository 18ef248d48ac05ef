import type { Snap } from '../snap';
import { seconds, type Traversal } from '../traversal';
import type { Entry, HierarchyQuery } from './query';

type EndEntry = Entry & { traversal: Traversal };

/**
 * Where a route between two points snapped onto roads enters and leaves the network's junctions, by the embedded
 * router's own rule (`QueryGraph`): to either end of the start's road and from either end of the end's road, as their
 * directions allow, a point on a junction by any road that meets there, and along one road when both lie on it.
 */
export function snappedEnds(from: Snap, to: Snap): { sources: EndEntry[]; targets: EndEntry[]; direct: Traversal | null } {
  const forward = (s: Snap) => s.edge.oneway !== 'backward';
  const backward = (s: Snap) => s.edge.oneway !== 'forward';
  const entry = (node: number, traversal: Traversal): EndEntry => ({ node, seconds: seconds(traversal), traversal });
  const sources: EndEntry[] = [];
  const targets: EndEntry[] = [];
  if (forward(from)) sources.push(entry(from.edge.to, { edge: from.edge, from: from.fraction, to: 1 }));
  if (backward(from)) sources.push(entry(from.edge.from, { edge: from.edge, from: from.fraction, to: 0 }));
  if (forward(to)) targets.push(entry(to.edge.from, { edge: to.edge, from: 0, to: to.fraction }));
  if (backward(to)) targets.push(entry(to.edge.to, { edge: to.edge, from: 1, to: to.fraction }));
  const junction = (s: Snap) => (s.fraction === 0 ? s.edge.from : s.fraction === 1 ? s.edge.to : null);
  const [startJunction, endJunction] = [junction(from), junction(to)];
  if (startJunction !== null) sources.push(entry(startJunction, { edge: from.edge, from: from.fraction, to: from.fraction }));
  if (endJunction !== null) targets.push(entry(endJunction, { edge: to.edge, from: to.fraction, to: to.fraction }));
  let direct: Traversal | null = null;
  if (from.edge === to.edge) {
    const along = to.fraction >= from.fraction;
    // Two points at the same spot are joined whichever way the road runs.
    if (to.fraction === from.fraction || (along ? forward(from) : backward(from))) direct = { edge: from.edge, from: from.fraction, to: to.fraction };
  }
  return { sources, targets, direct };
}

export interface SnappedRoute {
  seconds: number;
  /** The part of the start's road driven, the network's arcs after it, and the part of the end's road. */
  start: Traversal;
  arcs: number[];
  end: Traversal | null;
}

/** The fastest route between two snapped points on a hierarchy: through the junctions, or along their one road. */
export function routeBetweenSnaps(query: HierarchyQuery, from: Snap, to: Snap): SnappedRoute | null {
  const { sources, targets, direct } = snappedEnds(from, to);
  const through = query.routeBetween(sources, targets);
  const along = direct ? seconds(direct) : Infinity;
  if (direct && (!through || along <= through.seconds)) return { seconds: along, start: direct, arcs: [], end: null };
  if (!through) return null;
  return { seconds: through.seconds, start: sources[through.source].traversal, arcs: through.arcs, end: targets[through.target].traversal };
}
