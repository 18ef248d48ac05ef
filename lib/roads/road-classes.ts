/**
 * The `highway=*` classes a vehicle drives, from motorway down to service roads, and the speed assumed on each
 * where the way has no readable `maxspeed` (km/h; a link road is slower than its road). Footways, cycleways,
 * paths, steps, tracks, pedestrian streets, bus ways and roads under construction are not imported.
 */
export const DEFAULT_SPEED_KMH = {
  motorway: 110,
  motorway_link: 60,
  trunk: 90,
  trunk_link: 50,
  primary: 80,
  primary_link: 50,
  secondary: 70,
  secondary_link: 50,
  tertiary: 60,
  tertiary_link: 40,
  unclassified: 50,
  road: 40,
  residential: 30,
  living_street: 10,
  service: 20,
} as const;

export type RoadClass = keyof typeof DEFAULT_SPEED_KMH;

export function isRoadClass(highway: string | undefined): highway is RoadClass {
  return highway !== undefined && Object.hasOwn(DEFAULT_SPEED_KMH, highway);
}

/** The classes as an osmium tags-filter expression (`w/highway=motorway,trunk,...`). */
export const ROAD_CLASSES = Object.keys(DEFAULT_SPEED_KMH) as RoadClass[];
