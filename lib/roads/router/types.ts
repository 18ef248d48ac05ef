import type { LonLat } from '../edge';
import type { Restriction } from '../restrictions';
import type { RoadNetwork } from '../store/types';
import type { Vehicle } from '../vehicle';

/** A restriction of a road on or near the route, with where it is (the middle of the road's stretch). */
export interface PlacedRestriction extends Restriction {
  where: LonLat;
  edge: { id: number; wayId: number | null; name: string | null; highway: string };
}

/** A stretch of the route along one road, named by its name, else its ref, else its class. */
export interface RoadUsed {
  name: string | null;
  ref: string | null;
  highway: string;
  distance_m: number;
  duration_s: number;
}

/** Where an end of the route joined the road network, and how far the given point is from it. */
export interface SnappedEnd {
  point: LonLat;
  distance_m: number;
}

export interface RoadRoute {
  kind: 'route';
  coordinates: LonLat[];
  distance_m: number;
  duration_s: number;
  roadsUsed: RoadUsed[];
  /** The network's edges the route drives, in order (a part of the first and last one, where the ends lie on them). */
  edgeIds: number[];
  /** Restrictions the fastest route would have broken, which this one goes around. */
  restrictionsAvoided: PlacedRestriction[];
  /** What going around them costs over that fastest route (set with `restrictionsAvoided`). */
  detour?: Detour;
  snapped: { from: SnappedEnd; to: SnappedEnd };
  /** Set on the route offered when no legal route exists: it breaks the restrictions it is offered with. */
  ignoresRestrictions?: true;
}

export interface Detour {
  extraMeters: number;
  extraSeconds: number;
}

/** No legal route: why and where, and the route that breaks the fewest restrictions, marked as such. */
export interface RouteRefused {
  kind: 'refused';
  refused: PlacedRestriction[];
  ignoringRestrictions: RoadRoute & { ignoresRestrictions: true };
}

export interface NoRoute {
  kind: 'none';
  reason: 'no-network' | 'start-off-road' | 'end-off-road' | 'unreachable';
  message: string;
}

export type RouteAnswer = RoadRoute | RouteRefused | NoRoute;

/** Routes on roads for a vehicle, one engine per backend (an in-process graph over SQLite; pgRouting later). */
export interface RoadRouter {
  /** The network that answers, to name on the page. */
  network(): Promise<RoadNetwork | null>;
  route(from: LonLat, to: LonLat, vehicle: Vehicle): Promise<RouteAnswer>;
  /** Prepares what the first route would otherwise wait for (an engine that keeps nothing in memory has nothing to do). */
  warm?(): Promise<void>;
  close(): Promise<void>;
}
