import type { Snap } from '../snap';
import { snappedEnds } from '../snapped-ends';
import { seconds, type Traversal } from '../traversal';
import type { AllowedProfiles, HierarchyQuery } from './query';

export interface SnappedRoute {
  seconds: number;
  /** The part of the start's road driven, the network's arcs after it, and the part of the end's road. */
  start: Traversal;
  arcs: number[];
  end: Traversal | null;
}

/** What a vehicle's legal route may drive: the limit profiles of the hierarchy's arcs, and the parts of the ends' roads. */
export interface Legal {
  allowed: AllowedProfiles;
  mayDrive: (t: Traversal) => boolean;
}

/**
 * The fastest route between two snapped points on a hierarchy (a vehicle's legal one, with `legal`): through the
 * junctions, or along their one road.
 */
export function routeBetweenSnaps(query: HierarchyQuery, from: Snap, to: Snap, legal: Legal | null = null): SnappedRoute | null {
  const ends = snappedEnds(from, to);
  const mayDrive = legal?.mayDrive ?? (() => true);
  const sources = ends.sources.filter((end) => mayDrive(end.traversal));
  const targets = ends.targets.filter((end) => mayDrive(end.traversal));
  const direct = ends.direct && mayDrive(ends.direct) ? ends.direct : null;
  const through = query.routeBetween(sources, targets, legal?.allowed ?? null);
  const along = direct ? seconds(direct) : Infinity;
  if (direct && (!through || along <= through.seconds)) return { seconds: along, start: direct, arcs: [], end: null };
  if (!through) return null;
  return { seconds: through.seconds, start: sources[through.source].traversal, arcs: through.arcs, end: targets[through.target].traversal };
}
