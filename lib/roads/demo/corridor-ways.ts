import type { SourceWay } from '../import/types';
import { CORRIDORS, type Corridor, type CorridorClass, HIGHWAY_MPH, INTERSTATE_MPH } from './corridors';
import { roadBetween, windingLine } from './demo-lines';
import type { DemoNode } from './demo-places';
import { type DemoRestriction, pairKey } from './demo-restrictions';

/** How much longer than the line between its towns a road is: an Interstate runs straighter than a park road. */
const CIRCUITY: Record<CorridorClass, number> = { motorway: 1.05, trunk: 1.1, primary: 1.15 };
/**
 * The speeds are what traffic makes on average, not the limits: a little under the limit outside towns (grades,
 * trucks, works), and a city's own speed on a stretch that starts or ends in one of 50,000 people or more.
 */
const OF_THE_LIMIT = 0.92;
const CITY_POPULATION = 50_000;
const CITY_MPH: Record<CorridorClass, number> = { motorway: 55, trunk: 40, primary: 35 };

function mphOf(corridor: Corridor, a: DemoNode, b: DemoNode): number {
  const limit = corridor.mph ?? (corridor.highway === 'motorway' ? INTERSTATE_MPH[a.admin] ?? 70 : HIGHWAY_MPH[a.admin] ?? 55);
  const typical = Math.round(limit * OF_THE_LIMIT);
  return Math.max(a.population, b.population) >= CITY_POPULATION ? Math.min(typical, CITY_MPH[corridor.highway]) : typical;
}

/**
 * The corridors' roads, town to town. A stretch two corridors share (I-80 and I-90 across Indiana) is drawn once, by
 * the first. A restriction between two consecutive towns of a corridor is set on that corridor's stretch.
 */
export function corridorWays(find: (spec: string) => DemoNode, restrictions: Map<string, DemoRestriction>, placed: Set<DemoRestriction>): SourceWay[] {
  const drawn = new Set<string>();
  const ways: SourceWay[] = [];
  for (const corridor of CORRIDORS) {
    const nodes = corridor.via.split(';').map((s) => find(s.trim()));
    for (let i = 1; i < nodes.length; i++) {
      const [a, b] = [nodes[i - 1], nodes[i]];
      const pair = pairKey(a.key, b.key);
      if (drawn.has(pair)) continue;
      drawn.add(pair);
      const restriction = restrictions.get(pair);
      if (restriction) placed.add(restriction);
      const tags = { highway: corridor.highway, ref: corridor.ref, name: corridor.ref, oneway: 'no', maxspeed: `${mphOf(corridor, a, b)} mph` };
      ways.push(...roadBetween(a, b, windingLine(a, b, CIRCUITY[corridor.highway]), tags, restriction));
    }
  }
  return ways;
}
