import { capBox, type GeoBox, intersectBoxes, lonRanges } from '../geo';
import { words } from '../text';
import { COUNT_ALL, countKeyForChain, countKeyForTag } from './count-keys';
import { tagBits } from './place-columns';
import type { SearchQuery } from './types';

/** At most this many words of `name` or `cultural_query` reach the text index; the rest are ignored. */
export const MAX_QUERY_WORDS = 12;

export const queryWords = (text: string) => words(text).slice(0, MAX_QUERY_WORDS);

/** A search whose total the count table answers, and the filter that selects its places. */
export interface CountKey {
  key: number;
  kind: 'all' | 'tag' | 'chain';
  param: number;
}

/** No filter, one included tag, or one included chain: the searches whose exact total comes from the count table. */
export function countKeyOf(q: SearchQuery, chainCodes: ReadonlyMap<string, number>): CountKey | null {
  if (q.name || q.culturalQuery || q.rv || q.minFidelity !== undefined || q.maxFidelity !== undefined) return null;
  if (q.tags.exclude.length || q.chains.exclude.length) return null;
  if (!q.tags.include.length && !q.chains.include.length) return { key: COUNT_ALL, kind: 'all', param: 0 };
  if (q.tags.include.length === 1 && !q.chains.include.length) {
    const bit = tagBits.get(q.tags.include[0]);
    return bit === undefined ? null : { key: countKeyForTag(bit), kind: 'tag', param: 1 << bit };
  }
  if (q.chains.include.length === 1 && !q.tags.include.length) {
    const code = chainCodes.get(q.chains.include[0]);
    return code === undefined ? null : { key: countKeyForChain(code), kind: 'chain', param: code };
  }
  return null;
}

/** The lat/lon bounds of the search's cap of `meters` around its center, cut by its box; null when empty. */
export function searchBounds(q: SearchQuery, meters: number): GeoBox | null {
  const cap = capBox(q.center!.lon, q.center!.lat, meters);
  if (!q.box) return cap;
  return intersectBoxes(cap, { south: q.box.south, north: q.box.north, lons: lonRanges(q.box.west, q.box.east) });
}
