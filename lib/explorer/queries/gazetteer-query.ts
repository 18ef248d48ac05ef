import { queryOptions } from '@tanstack/react-query';
import { GAZETTEER_PATH, type GazetteerRow } from '@/lib/gazetteer/names';

/** A static file of the gazetteer's rows; none (404) means no rows. */
export async function fetchGazetteerFile<T>(url: string, signal: AbortSignal): Promise<T[]> {
  const response = await fetch(url, { signal });
  if (response.status === 404) return [];
  if (!response.ok) throw new Error(`The place names could not be loaded (${response.status}).`);
  return response.json() as Promise<T[]>;
}

/** One shard of the "Go to" gazetteer (a static file); no shard means no name starts that way. */
export function gazetteerQuery(shard: string) {
  return queryOptions({
    queryKey: ['gazetteer', shard],
    queryFn: ({ signal }) => fetchGazetteerFile<GazetteerRow>(`${GAZETTEER_PATH}/${shard}.json`, signal),
    staleTime: Infinity,
    gcTime: 30 * 60_000,
  });
}
