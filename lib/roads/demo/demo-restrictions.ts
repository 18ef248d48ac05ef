import type { OsmTags } from '../road-tags';
import type { DemoTown } from './demo-towns';

/** A restricted stretch the demo sets on the road between two towns (named with their state), so the rig rules show. */
export interface DemoRestriction {
  between: [town: string, state: string][];
  /** What the stretch is, in the road's name ("low bridge"). */
  what: string;
  tags: OsmTags;
}

/**
 * One of each kind of limit, in the west where the demo trips go. The low bridge is on the Denver–Moab route: a class
 * A motorhome (3.9 m) goes around it by Loma, a class C (3.5 m) passes under it.
 */
export const DEMO_RESTRICTIONS: DemoRestriction[] = [
  { between: [['Fruita', 'CO'], ['Moab', 'UT']], what: 'low bridge', tags: { bridge: 'yes', maxheight: '3.6' } },
  { between: [['Delta', 'CO'], ['Montrose', 'CO']], what: 'weight-limited bridge', tags: { bridge: 'yes', maxweight: '10' } },
  { between: [['Glenwood Springs', 'CO'], ['New Castle', 'CO']], what: 'tunnel, no dangerous goods', tags: { tunnel: 'yes', 'hazmat:adr_tunnel_cat': 'E' } },
  { between: [['Montrose', 'CO'], ['Ouray', 'CO']], what: 'no heavy vehicles', tags: { hgv: 'no' } },
];

const pairKey = (a: number, b: number) => (a < b ? `${a}-${b}` : `${b}-${a}`);

/** The restrictions by the pair of towns' ids; one whose towns are not among the demo's is an error in this list. */
export function restrictionsByPair(towns: readonly DemoTown[]): Map<string, DemoRestriction> {
  const byName = new Map(towns.map((t) => [`${t.name}|${t.admin}`, t]));
  const out = new Map<string, DemoRestriction>();
  for (const restriction of DEMO_RESTRICTIONS) {
    const [a, b] = restriction.between.map(([name, state]) => {
      const town = byName.get(`${name}|${state}`);
      if (!town) throw new Error(`demo roads: no town ${name}, ${state} for the ${restriction.what}`);
      return town;
    });
    out.set(pairKey(a.id, b.id), restriction);
  }
  return out;
}

export { pairKey };
