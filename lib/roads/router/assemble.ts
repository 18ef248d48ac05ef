import type { LonLat } from '../edge';
import { restrictionsFor } from '../restrictions';
import type { Vehicle } from '../vehicle';
import type { Snap } from './snap';
import { edgeMiddle, meters, seconds, type Traversal, traversalLine } from './traversal';
import type { Detour, PlacedRestriction, RoadRoute, RoadUsed } from './types';

/** The answer's route from the search's traversals: the line, distance and time, and the roads it follows. */
export function assembleRoute(traversals: Traversal[], from: { point: LonLat; snap: Snap }, to: { point: LonLat; snap: Snap }): RoadRoute {
  const coordinates: LonLat[] = [];
  for (const t of traversals) {
    for (const p of traversalLine(t)) {
      const last = coordinates[coordinates.length - 1];
      if (!last || last[0] !== p[0] || last[1] !== p[1]) coordinates.push(p);
    }
  }
  return {
    kind: 'route',
    coordinates,
    distance_m: traversals.reduce((sum, t) => sum + meters(t), 0),
    duration_s: traversals.reduce((sum, t) => sum + seconds(t), 0),
    roadsUsed: roadsUsed(traversals),
    edgeIds: traversals.filter((t) => meters(t) > 0).map((t) => t.edge.id),
    restrictionsAvoided: [],
    snapped: {
      from: { point: from.snap.point, distance_m: from.snap.distanceM },
      to: { point: to.snap.point, distance_m: to.snap.distanceM },
    },
  };
}

function roadsUsed(traversals: Traversal[]): RoadUsed[] {
  const out: RoadUsed[] = [];
  for (const t of traversals) {
    if (meters(t) === 0) continue;
    const { name, ref, highway } = t.edge;
    const last = out[out.length - 1];
    if (last && last.name === name && last.ref === ref && (name || ref || last.highway === highway)) {
      last.distance_m += meters(t);
      last.duration_s += seconds(t);
    } else out.push({ name, ref, highway, distance_m: meters(t), duration_s: seconds(t) });
  }
  return out;
}

/** The restrictions the vehicle breaks along the traversals, once per road and kind, placed at the road's middle. */
export function restrictionsAlong(traversals: Traversal[], vehicle: Vehicle): PlacedRestriction[] {
  const seen = new Set<string>();
  const out: PlacedRestriction[] = [];
  for (const t of traversals) {
    if (t.from === t.to) continue;
    for (const r of restrictionsFor(t.edge, vehicle)) {
      const key = `${t.edge.wayId ?? `edge ${t.edge.id}`} ${r.sentence}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const { id, wayId, name, highway } = t.edge;
      out.push({ ...r, where: edgeMiddle(t.edge), edge: { id, wayId, name, highway } });
    }
  }
  return out;
}

/** What the route that goes around the limits costs over the fastest one that breaks them. */
export function detourOver(fastest: Pick<RoadRoute, 'distance_m' | 'duration_s'>, legal: Pick<RoadRoute, 'distance_m' | 'duration_s'>): Detour {
  return { extraMeters: Math.max(0, legal.distance_m - fastest.distance_m), extraSeconds: Math.max(0, legal.duration_s - fastest.duration_s) };
}
