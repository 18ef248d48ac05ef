import type { RoadRoute, RoadRouter } from '@/lib/roads/router/types';
import type { RoadNetwork } from '@/lib/roads/store/types';
import { PRESET_VEHICLES, type Vehicle } from '@/lib/roads/vehicle';
import type { Leg, LegRouter, LonLat } from './types';

/** What the page says about the road data: its name, and the day it was imported unless it was generated. */
export function describeNetwork(network: Pick<RoadNetwork, 'name' | 'importedAt' | 'generated'>): string {
  return network.generated ? `Roads: ${network.name}` : `Roads: ${network.name}, imported ${network.importedAt.slice(0, 10)}`;
}

/** The way between a stop and the road it joins (a drive, a parking lot, a field): counted at this speed. */
export const ACCESS_SPEED_KMH = 20;

const same = (a: LonLat, b: LonLat) => a[0] === b[0] && a[1] === b[1];

/**
 * A leg from stop to stop: the short straight way from the stop to where it joins the road (at most the router's
 * snapping distance), the road, and the way from the road to the next stop; so the line meets the stops' pins and
 * the stops are vertices of the trip's line.
 */
function fromRoute(route: RoadRoute, from: LonLat, to: LonLat): Pick<Leg, 'distanceMeters' | 'durationSeconds' | 'geometry'> {
  const access = route.snapped.from.distance_m + route.snapped.to.distance_m;
  const road = route.coordinates;
  const geometry = [...(road.length && same(road[0], from) ? [] : [from]), ...road, ...(road.length && same(road[road.length - 1], to) ? [] : [to])];
  return {
    distanceMeters: route.distance_m + access,
    durationSeconds: route.duration_s + access / (ACCESS_SPEED_KMH / 3.6),
    geometry,
  };
}

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
        if (answer.kind === 'route') legs.push({ ...fromRoute(answer, points[i - 1], points[i]), measure: { by: 'road', restrictionsAvoided: answer.restrictionsAvoided, ...(answer.detour ? { detour: answer.detour } : {}) } });
        else if (answer.kind === 'refused') legs.push({ ...fromRoute(answer.ignoringRestrictions, points[i - 1], points[i]), measure: { by: 'road-breaking-restrictions', refused: answer.refused } });
        else {
          const [line] = await straightLine.legs([points[i - 1], points[i]]);
          legs.push({ ...line, measure: { by: 'straight-line', why: answer.message } });
        }
      }
      return legs;
    },
  };
}
