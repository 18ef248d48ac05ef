import { queryOptions } from '@tanstack/react-query';
import { GAZETTEER_PATH, type GazetteerRow } from '@/lib/gazetteer/names';

/** One shard of the "Go to" gazetteer (a static file); no shard means no name starts that way. */
export function gazetteerQuery(shard: string) {
  return queryOptions({
    queryKey: ['gazetteer', shard],
    queryFn: async ({ signal }): Promise<GazetteerRow[]> => {
      const response = await fetch(`${GAZETTEER_PATH}/${shard}.json`, { signal });
      if (response.status === 404) return [];
      if (!response.ok) throw new Error(`The place names could not be loaded (${response.status}).`);
      return response.json() as Promise<GazetteerRow[]>;
    },
    staleTime: Infinity,
    gcTime: 30 * 60_000,
  });
}
