import { lookup } from '@/lib/core/registry';
import type { RoadRouter } from './router/types';

export const ROAD_ROUTER = 'roads.router';

/** The road router the roads subsystem opened at start-up, for the trips' route handlers in Next's bundles. */
export function publishedRoadRouter(): RoadRouter | undefined {
  return lookup<RoadRouter>(ROAD_ROUTER);
}
