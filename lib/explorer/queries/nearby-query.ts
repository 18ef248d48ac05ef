import { queryOptions } from '@tanstack/react-query';
import { NEARBY_PATH, type NearbyRow } from '@/lib/gazetteer/nearby';
import { fetchGazetteerFile } from './gazetteer-query';

/** One tile of the names the search area is described by (a static file); no tile means nothing is near. */
export function nearbyQuery(tile: string) {
  return queryOptions({
    queryKey: ['gazetteer', 'near', tile],
    queryFn: ({ signal }) => fetchGazetteerFile<NearbyRow>(`${NEARBY_PATH}/${tile}.json`, signal),
    staleTime: Infinity,
    gcTime: 30 * 60_000,
  });
}
