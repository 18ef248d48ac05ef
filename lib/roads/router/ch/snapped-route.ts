import type { Snap } from '../snap';
import { snappedEnds } from '../snapped-ends';
import { seconds, type Traversal } from '../traversal';
import type { HierarchyQuery } from './query';

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
