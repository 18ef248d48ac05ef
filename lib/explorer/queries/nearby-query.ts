import { queryOptions } from '@tanstack/react-query';
import { NEARBY_PATH, type NearbyRow } from '@/lib/gazetteer/nearby';

/** One tile of the names the search area is described by (a static file); no tile means nothing is near. */
export function nearbyQuery(tile: string) {
  return queryOptions({
    queryKey: ['gazetteer', 'near', tile],
    queryFn: async ({ signal }): Promise<NearbyRow[]> => {
      const response = await fetch(`${NEARBY_PATH}/${tile}.json`, { signal });
      if (response.status === 404) return [];
      if (!response.ok) throw new Error(`The place names could not be loaded (${response.status}).`);
      return response.json() as Promise<NearbyRow[]>;
    },
    staleTime: Infinity,
    gcTime: 30 * 60_000,
  });
}
