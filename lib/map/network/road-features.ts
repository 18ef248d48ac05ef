import type { RoadClass } from '@/lib/roads/road-classes';

/** The OpenMapTiles `transportation` classes the road network is drawn with. */
export const OMT_CLASSES = ['motorway', 'trunk', 'primary', 'secondary', 'tertiary', 'minor', 'service'] as const;
export type OmtClass = (typeof OMT_CLASSES)[number];

/** The OpenMapTiles class of each `highway=*` class the road network holds (links join their road). */
const OMT_CLASS: Record<RoadClass, OmtClass> = {
  motorway: 'motorway',
  motorway_link: 'motorway',
  trunk: 'trunk',
  trunk_link: 'trunk',
  primary: 'primary',
  primary_link: 'primary',
  secondary: 'secondary',
  secondary_link: 'secondary',
  tertiary: 'tertiary',
  tertiary_link: 'tertiary',
  unclassified: 'minor',
  road: 'minor',
  residential: 'minor',
  living_street: 'minor',
  service: 'service',
};

export const omtClassOf = (highway: RoadClass): OmtClass => OMT_CLASS[highway];

const MAJOR: ReadonlySet<OmtClass> = new Set(['motorway', 'trunk', 'primary']);
const CONNECTING: ReadonlySet<OmtClass> = new Set([...MAJOR, 'secondary', 'tertiary']);
/** From this zoom a tile holds secondary and tertiary roads too; below it, motorways, trunk and primary roads only. */
export const SECONDARY_FROM_ZOOM = 8;
/** From this zoom a tile holds every road: streets and service roads join. */
export const MINOR_FROM_ZOOM = 10;

/** The classes a tile of zoom z holds: the country's network when far out, the streets close in. */
export function classesAt(z: number): ReadonlySet<OmtClass> | null {
  if (z < SECONDARY_FROM_ZOOM) return MAJOR;
  return z < MINOR_FROM_ZOOM ? CONNECTING : null;
}
