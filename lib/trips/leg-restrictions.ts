import type { RestrictionKind } from '@/lib/roads/restrictions';
import type { PlacedRestriction } from '@/lib/roads/router/types';
import type { Leg } from './legs/types';

const SHORT: Record<RestrictionKind, string> = {
  height: 'Low clearance',
  width: 'Width limit',
  length: 'Length limit',
  weight: 'Weight limit',
  hgv: 'No heavy vehicles',
  access: 'No access',
  hazmat: 'No dangerous goods',
  tunnel: 'Tunnel: no propane',
};

export interface MarkedRestriction {
  where: [number, number];
  /** What the map labels it ("Low clearance"). */
  label: string;
  /** Broken by the route shown (no legal one exists), rather than gone around. */
  broken: boolean;
}

/** The limits the legs go around or break, each once, where they are: for the map. */
export function legRestrictions(legs: readonly Leg[]): MarkedRestriction[] {
  const seen = new Set<string>();
  const out: MarkedRestriction[] = [];
  const mark = (r: PlacedRestriction, broken: boolean) => {
    const key = `${r.edge.id}:${r.kind}`;
    if (seen.has(key)) return;
    seen.add(key);
    out.push({ where: r.where, label: SHORT[r.kind], broken });
  };
  for (const { measure } of legs) {
    if (measure?.by === 'road') measure.restrictionsAvoided.forEach((r) => mark(r, false));
    if (measure?.by === 'road-breaking-restrictions') measure.refused.forEach((r) => mark(r, true));
  }
  return out;
}
