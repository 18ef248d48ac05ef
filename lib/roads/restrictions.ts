import { hasLimits, type RoadLimits } from './edge';
import { accessForbids, type AccessValue } from './osm-units';
import { HEAVY_VEHICLE_T, isHeavy, type Vehicle } from './vehicle';

export type RestrictionKind = 'height' | 'width' | 'length' | 'weight' | 'hgv' | 'access' | 'hazmat' | 'tunnel';

/** A limit of a road that a vehicle breaks, said in a sentence ("Clearance 3.6 m, your rig is 3.9 m high"). */
export interface Restriction {
  kind: RestrictionKind;
  sentence: string;
  /**
   * For a size or weight limit (and the heavy vehicles' weight): the limit and the rig's figure (metres, or tonnes for
   * weight), to say in other units.
   */
  figures?: { limit: number; actual: number };
  /** For `hgv`: the road's tag value, said beside the limit. */
  tag?: string;
}

export type MeasuredKind = 'height' | 'width' | 'length' | 'weight' | 'hgv';

/** The sentence of a size or weight limit, with the limit and the rig's figure written in whichever units are shown. */
export const MEASURED_SENTENCES: Record<MeasuredKind, (limit: string, actual: string, tag?: string) => string> = {
  height: (l, a) => `Clearance ${l}, your rig is ${a} high`,
  width: (l, a) => `Width limit ${l}, your rig is ${a} wide`,
  length: (l, a) => `Length limit ${l}, your rig is ${a} long`,
  weight: (l, a) => `Weight limit ${l}, your rig weighs ${a}`,
  hgv: (l, a, tag) => `No vehicles over ${l} (hgv=${tag}), your rig weighs ${a}`,
};

/** ADR tunnel categories closed to propane: the restriction code of LPG carried other than in bulk tanks is D. */
const PROPANE_CLOSED_CATEGORIES = new Set(['D', 'E']);

const fmt = (n: number) => String(Number(n.toFixed(2)));

const ACCESS_WORDS: Partial<Record<AccessValue, string>> = {
  no: 'No motor vehicles',
  private: 'Private road',
  agricultural: 'Farm vehicles only',
  forestry: 'Forestry vehicles only',
  permit: 'Permit holders only',
};

/**
 * Which of a road's limits the vehicle breaks. A limit equal to the vehicle's size is kept to (a 3.6 m rig passes
 * under a 3.6 m clearance). The rules that are ours to choose:
 * - access: a vehicle over 3.5 t follows `hgv` where it is set, a lighter one `motorcar`, then both the general
 *   motor-vehicle access; `no`, `private`, `agricultural`, `forestry` and `permit` close the road;
 * - propane: a rig carrying propane keeps off roads tagged `hazmat=no` (how "no propane" tunnels and bridges are
 *   tagged in North America) and off tunnels of ADR category D or E (propane other than in bulk tanks has tunnel
 *   code D). ADR exempts gas carried for the traveler's own use, but local rules often do not: we keep off.
 */
export function restrictionsFor(edge: RoadLimits, vehicle: Vehicle): Restriction[] {
  if (!hasLimits(edge)) return [];
  const out: Restriction[] = [];
  const measured = (limit: number | null, actual: number, kind: MeasuredKind, unit: string) => {
    if (limit === null || actual <= limit) return;
    out.push({ kind, sentence: MEASURED_SENTENCES[kind](`${fmt(limit)} ${unit}`, `${fmt(actual)} ${unit}`), figures: { limit, actual } });
  };
  measured(edge.maxheightM, vehicle.heightM, 'height', 'm');
  measured(edge.maxwidthM, vehicle.widthM, 'width', 'm');
  measured(edge.maxlengthM, vehicle.lengthM, 'length', 'm');
  measured(edge.maxweightT, vehicle.weightT, 'weight', 't');

  const heavy = isHeavy(vehicle);
  if (heavy && edge.hgv !== null) {
    if (accessForbids(edge.hgv)) {
      const figures = { limit: HEAVY_VEHICLE_T, actual: vehicle.weightT };
      out.push({ kind: 'hgv', sentence: MEASURED_SENTENCES.hgv(`${HEAVY_VEHICLE_T} t`, `${fmt(vehicle.weightT)} t`, edge.hgv), figures, tag: edge.hgv });
    }
  } else if (!heavy && edge.motorcar !== null) {
    if (accessForbids(edge.motorcar)) out.push({ kind: 'access', sentence: `${ACCESS_WORDS[edge.motorcar]} (motorcar=${edge.motorcar})` });
  } else if (accessForbids(edge.access)) {
    out.push({ kind: 'access', sentence: `${ACCESS_WORDS[edge.access!]} (access=${edge.access})` });
  }

  if (vehicle.carryingPropane) {
    if (accessForbids(edge.hazmat)) {
      out.push({ kind: 'hazmat', sentence: `No hazardous goods (hazmat=${edge.hazmat}), your rig carries propane` });
    } else if (edge.tunnel && edge.tunnelCategory && PROPANE_CLOSED_CATEGORIES.has(edge.tunnelCategory)) {
      out.push({ kind: 'tunnel', sentence: `Tunnel category ${edge.tunnelCategory} closed to propane, your rig carries propane` });
    }
  }
  return out;
}

/** Whether the vehicle may use the road: the router's test for every edge it expands. */
export function mayUse(edge: RoadLimits, vehicle: Vehicle): boolean {
  return restrictionsFor(edge, vehicle).length === 0;
}
