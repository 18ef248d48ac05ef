import { MAX_NAME_ALONE_MATCHES } from '../contract/limits';
import { invalid } from '../errors';
import { unitVector } from '../geo';
import { RouteLine } from '../route/line';
import { areaOf, boxOf, type CircleArea, circleOf, type SearchArea } from './area';
import { corridorOf } from './corridor';
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

/**
 * A search by locations whose exact total the location counts answer: a CountKey, or every place but those with one
 * tag or one chain, whose total is the location's count less that key's. The location counts alone can answer the
 * second kind: the cell counts cannot (the count of a cell's places without a tag is not stored).
 */
export type LocatedKey = CountKey | { key: number; kind: 'notTag' | 'notChain'; param: number };

export function locatedKeyOf(q: SearchQuery, chainCodes: ReadonlyMap<string, number>): LocatedKey | null {
  const included = countKeyOf(q, chainCodes);
  if (included) return included;
  if (q.name || q.culturalQuery || q.rv || q.minFidelity !== undefined || q.maxFidelity !== undefined) return null;
  if (q.tags.include.length || q.chains.include.length) return null;
  const tags = new Set(q.tags.exclude);
  const chains = new Set(q.chains.exclude);
  if (tags.size === 1 && !chains.size) {
    const bit = tagBits.get([...tags][0]);
    return bit === undefined ? null : { key: countKeyForTag(bit), kind: 'notTag', param: 1 << bit };
  }
  if (chains.size === 1 && !tags.size) {
    const code = chainCodes.get([...chains][0]);
    return code === undefined ? null : { key: countKeyForChain(code), kind: 'notChain', param: code };
  }
  return null;
}

/** A location's number of matches for the key, from its stored counts (`stored(key)`). */
export const locatedCount = (key: LocatedKey, stored: (countKey: number) => number): number =>
  key.kind === 'notTag' || key.kind === 'notChain' ? stored(COUNT_ALL) - stored(key.key) : stored(key.key);

/** The count key that tells how dense the key's places are, to size a first ring: all places for an exclusion. */
export const densityKey = (key: LocatedKey): number => (key.kind === 'notTag' || key.kind === 'notChain' ? COUNT_ALL : key.key);

/** Whether a place with these tags and chain passes the key's filter. */
export function keepsPlace(key: { kind: LocatedKey['kind']; param: number }, tags: number, chain: number): boolean {
  switch (key.kind) {
    case 'tag': return (tags & key.param) !== 0;
    case 'chain': return chain === key.param;
    case 'notTag': return (tags & key.param) === 0;
    case 'notChain': return chain !== key.param;
    default: return true;
  }
}

/** The whole Earth, as the bounds of a search with no area. */
const WHOLE_EARTH = { south: -90, north: 90, lons: [{ west: -180, east: 180 }] };

/**
 * A search with no area at all (no circle, box, route or locations): a name looked up over the whole dataset, as
 * the Explorer's "Go to" box does. The query parser allows it only with `name`.
 */
export const searchesWholeDataset = (q: SearchQuery): boolean => !q.locations && !q.route && q.radius === undefined && !q.box;

export function checkNameAloneMatches(matches: number): void {
  if (matches > MAX_NAME_ALONE_MATCHES) {
    throw invalid('name', `name alone (with no area) matches ${matches} places, more than ${MAX_NAME_ALONE_MATCHES}: type more of the name, or give an area`);
  }
}

/**
 * The area of a search: its circle (center and radius), box and corridor (route and buffer), intersected; with
 * `locations` it is only the corridor, if any (locations replace the circle and the box). The center, when given,
 * is the origin of `distance` in every case.
 */
export function searchArea(q: SearchQuery): SearchArea {
  const origin = q.center ? unitVector(q.center.lon, q.center.lat) : undefined;
  const corridor = q.route ? corridorOf(new RouteLine(q.route.points), q.route.buffer) : undefined;
  if (q.locations) return { origin, corridor, bounds: corridor?.bounds ?? null };
  if (searchesWholeDataset(q)) return { origin, bounds: WHOLE_EARTH };
  const circle = q.center && q.radius !== undefined ? circleOf(q.center.lon, q.center.lat, q.radius) : undefined;
  return areaOf({ origin, circle, box: q.box && boxOf(q.box), corridor });
}

/** The same area cut to a ring of `meters` around the search's center, within its radius (nearest-first searches). */
export function ringArea(area: SearchArea, center: { lon: number; lat: number }, meters: number): CircleArea {
  const circle = circleOf(center.lon, center.lat, meters);
  return { ...areaOf({ ...area, circle }), origin: circle.center, circle };
}
