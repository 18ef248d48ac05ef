import type { RoadRoute, RoadRouter } from '@/lib/roads/router/types';
import type { RoadNetwork } from '@/lib/roads/store/types';
import { PRESET_VEHICLES, type Vehicle } from '@/lib/roads/vehicle';
import type { Leg, LegRouter, LonLat } from './types';

/** What the page says about the road data: its name, and the day it was imported unless it was generated. */
export function describeNetwork(network: Pick<RoadNetwork, 'name' | 'importedAt' | 'generated'>): string {
  return network.generated ? `Roads: ${network.name}` : `Roads: ${network.name}, imported ${network.importedAt.slice(0, 10)}`;
}

const fromRoute = (route: RoadRoute): Pick<Leg, 'distanceMeters' | 'durationSeconds' | 'geometry'> => ({
  distanceMeters: route.distance_m,
  durationSeconds: route.duration_s,
  geometry: route.coordinates,
});

/**
 * Legs on roads for the vehicle (a car where the trip names none), each leg routed on its own. A leg no road of the
 * network joins (a stop off the network, an island) is measured by the straight-line router and says why.
 */
export function roadLegRouter(roads: RoadRouter, network: RoadNetwork, straightLine: LegRouter): LegRouter {
  return {
    kind: 'road',
    describe: describeNetwork(network),
    async legs(points: LonLat[], vehicle: Vehicle = PRESET_VEHICLES.car): Promise<Leg[]> {
      const legs: Leg[] = [];
      for (let i = 1; i < points.length; i++) {
        const answer = await roads.route(points[i - 1], points[i], vehicle);
        if (answer.kind === 'route') legs.push({ ...fromRoute(answer), measure: { by: 'road', restrictionsAvoided: answer.restrictionsAvoided } });
        else if (answer.kind === 'refused') legs.push({ ...fromRoute(answer.ignoringRestrictions), measure: { by: 'road-breaking-restrictions', refused: answer.refused } });
        else {
          const [line] = await straightLine.legs([points[i - 1], points[i]]);
          legs.push({ ...line, measure: { by: 'straight-line', why: answer.message } });
        }
      }
      return legs;
    },
  };
}
