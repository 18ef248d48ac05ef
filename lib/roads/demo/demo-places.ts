import { loadUsTowns } from '@/lib/places/dataset/us-towns';
import { JUNCTIONS } from './corridors';
import type { DemoTown } from './demo-towns';

/** A place the demo roads join: a town (keyed by its GeoNames id) or a named junction. */
export interface DemoNode {
  key: string;
  name: string;
  admin: string;
  lon: number;
  lat: number;
  /** GeoNames' population for a town, 0 for a junction. */
  population: number;
}

export const townKey = (t: { id: number }) => `t${t.id}`;

/**
 * Finds the places the corridors and restrictions name (`Town ST`): a junction of the corridors' own list, else the
 * largest demo town of that name in that state, else a GeoNames town of 500 people or more; a name none of them
 * holds is an error in the lists, said with the name.
 */
type NamedTown = { id: number; name: string; admin: string; lon: number; lat: number; population: number };

/** The towns by `Name ST`, the largest where a state has two of a name. */
function largestByName(towns: Iterable<NamedTown>): Map<string, DemoNode> {
  const byName = new Map<string, DemoNode>();
  for (const t of towns) {
    const spec = `${t.name} ${t.admin}`;
    const seen = byName.get(spec);
    if (!seen || t.population > seen.population) byName.set(spec, { key: townKey(t), name: t.name, admin: t.admin, lon: t.lon, lat: t.lat, population: t.population });
  }
  return byName;
}

export function demoPlaceFinder(towns: readonly DemoTown[]): (spec: string) => DemoNode {
  const demo = largestByName(towns);
  let small: Map<string, DemoNode> | undefined;
  return (spec) => {
    const junction = JUNCTIONS[spec];
    if (junction) return { key: `j:${spec}`, name: spec.slice(0, -3), admin: spec.slice(-2), lon: junction[0], lat: junction[1], population: 0 };
    const found = demo.get(spec) ?? (small ??= largestByName(loadUsTowns())).get(spec);
    if (!found) throw new Error(`demo roads: no town or junction "${spec}"`);
    return found;
  };
}
