import type { RoadNetwork } from '@/lib/roads/store/types';

/** Where a drawn road network comes from, as its credit says it: generated (said so), OpenStreetMap's, or its source. */
export type RoadsCredit = 'generated' | 'openstreetmap' | { source: string };

export function roadsCredit(network: RoadNetwork): RoadsCredit {
  if (network.generated) return 'generated';
  return network.source.startsWith('OpenStreetMap') ? 'openstreetmap' : { source: network.source };
}
