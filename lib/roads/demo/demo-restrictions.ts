import type { OsmTags } from '../road-tags';
import type { DemoNode } from './demo-places';

/** A restricted stretch the demo sets on the road between two places (`Town ST`), so the rig rules show. */
export interface DemoRestriction {
  between: [string, string];
  /** What the stretch is, in the road's name ("low bridge"). */
  what: string;
  tags: OsmTags;
}

/**
 * One of each kind of limit, in the west where the demo trips go, each on the road that joins its two places (the
 * corridor when one does). The low bridge is on US 191 into Moab: a class A motorhome (3.9 m) goes around it by UT 128
 * along the Colorado, a class C (3.5 m) passes under it.
 */
export const DEMO_RESTRICTIONS: DemoRestriction[] = [
  { between: ['Crescent Junction UT', 'Moab UT'], what: 'low bridge', tags: { bridge: 'yes', maxheight: '3.6' } },
  { between: ['Delta CO', 'Montrose CO'], what: 'weight-limited bridge', tags: { bridge: 'yes', maxweight: '10' } },
  { between: ['Glenwood Springs CO', 'Carbondale CO'], what: 'tunnel, no dangerous goods', tags: { tunnel: 'yes', 'hazmat:adr_tunnel_cat': 'E' } },
  { between: ['Ridgway CO', 'Ouray CO'], what: 'no heavy vehicles', tags: { hgv: 'no' } },
];

export const pairKey = (a: string, b: string) => (a < b ? `${a}|${b}` : `${b}|${a}`);

/** The restrictions by the pair of places they join. */
export function restrictionsByPair(find: (spec: string) => DemoNode): Map<string, DemoRestriction> {
  const out = new Map<string, DemoRestriction>();
  for (const restriction of DEMO_RESTRICTIONS) {
    const [a, b] = restriction.between.map(find);
    out.set(pairKey(a.key, b.key), restriction);
  }
  return out;
}
