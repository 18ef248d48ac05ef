import { lookup } from '@/lib/core/registry';
import type { RoadStore } from './store/types';

export const ROAD_STORE = 'roads.store';

/** The road store the roads subsystem opened at start-up (the map draws its network when no map is imported). */
export function publishedRoadStore(): RoadStore | undefined {
  return lookup<RoadStore>(ROAD_STORE);
}
