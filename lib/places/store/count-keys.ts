import { STANDARD_TAGS } from '../catalog';
import { cellOf, FINE } from './grid';

/** Count-table keys, the same on every engine: all places, RV providers, one per tag bit, one per chain code. */
export const COUNT_ALL = 0;
export const COUNT_RV = 1;
export const countKeyForTag = (bit: number) => 100 + bit;
export const countKeyForChain = (code: number) => 1000 + code;
/** The same keys on the fine grid. */
export const FINE_KEY = 100_000;
/** More than the cells of the finest grid: a (key, cell) pair packs into one safe integer. */
const CELL_SPAN = 2 ** 28;
/** Gathered count changes a writer applies before gathering more (about 100 MB of them). */
export const COUNT_DELTAS_LIMIT = 500_000;

/**
 * Count-table changes gathered over a write, applied once per (key, cell) at the end, or each time `size` reaches
 * COUNT_DELTAS_LIMIT (a million places spread over a country touch millions of fine cells).
 */
export class CountDeltas {
  /** By `key * CELL_SPAN + cell`: a number, not a string, for each of the millions of (key, cell) pairs. */
  private readonly deltas = new Map<number, number>();

  private bump(key: number, cell: number, delta: number): void {
    const k = key * CELL_SPAN + cell;
    this.deltas.set(k, (this.deltas.get(k) ?? 0) + delta);
  }

  add(lon: number, lat: number, tags: number, chain: number, rv: number, delta: number): void {
    const cell = cellOf(lon, lat);
    const fine = cellOf(lon, lat, FINE);
    const bump = (key: number) => {
      this.bump(key, cell, delta);
      this.bump(key + FINE_KEY, fine, delta);
    };
    bump(COUNT_ALL);
    if (rv) bump(COUNT_RV);
    if (chain) bump(countKeyForChain(chain));
    for (let bit = 0; bit < STANDARD_TAGS.length; bit++) if (tags & (1 << bit)) bump(countKeyForTag(bit));
  }

  /** How many (key, cell) changes are gathered: a long write applies them as it goes, to bound its memory. */
  get size(): number {
    return this.deltas.size;
  }

  /** [key, cell, change] for every non-zero change; empties the set. */
  take(): [number, number, number][] {
    const out: [number, number, number][] = [];
    for (const [k, n] of this.deltas) {
      if (n === 0) continue;
      out.push([Math.floor(k / CELL_SPAN), k % CELL_SPAN, n]);
    }
    this.deltas.clear();
    return out;
  }
}

/**
 * A location as the count tables key it: `c:US` (country), `s:US-CA` (state), `r:<region id>`; the same strings on
 * every engine, in `location_counts` (places per location and count key) and `location_pairs` (places in both of
 * two locations, each ordered pair stored both ways).
 */
export const locationKey = (l: { kind: 'country'; code: string } | { kind: 'state'; code: string } | { kind: 'region'; id: number }): string =>
  l.kind === 'country' ? `c:${l.code}` : l.kind === 'state' ? `s:${l.code}` : `r:${l.id}`;

/** The distinct keys of a `locations` filter, in the order given (a repeated entry counts once). */
export const locationKeys = (locations: readonly Parameters<typeof locationKey>[0][]): string[] => [...new Set(locations.map(locationKey))];

/** The locations one place belongs to, each once. */
export function placeLocations(country: string, state: string, regions: Iterable<number>): string[] {
  const out = new Set<string>([`c:${country}`, `s:${state}`]);
  for (const r of regions) out.add(`r:${r}`);
  return [...out];
}

/** The count keys one place adds to (COUNT_ALL, COUNT_RV, its chain, each of its tags). */
export function placeCountKeys(tags: number, chain: number, rv: number): number[] {
  const keys = [COUNT_ALL];
  if (rv) keys.push(COUNT_RV);
  if (chain) keys.push(countKeyForChain(chain));
  for (let bit = 0; bit < STANDARD_TAGS.length; bit++) if (tags & (1 << bit)) keys.push(countKeyForTag(bit));
  return keys;
}

/** Location-count and location-pair changes gathered over a write, applied once per row at the end. */
export class LocationDeltas {
  readonly counts = new Map<string, Map<number, number>>();
  readonly pairs = new Map<string, Map<string, number>>();

  add(locations: string[], tags: number, chain: number, rv: number, delta: number): void {
    const keys = placeCountKeys(tags, chain, rv);
    for (const loc of locations) {
      let byKey = this.counts.get(loc);
      if (!byKey) this.counts.set(loc, (byKey = new Map()));
      for (const k of keys) byKey.set(k, (byKey.get(k) ?? 0) + delta);
      let byOther = this.pairs.get(loc);
      if (!byOther) this.pairs.set(loc, (byOther = new Map()));
      for (const other of locations) if (other !== loc) byOther.set(other, (byOther.get(other) ?? 0) + delta);
    }
  }

  /** [loc, key, change] and [a, b, change] for every non-zero change; empties the set. */
  take(): { counts: [string, number, number][]; pairs: [string, string, number][] } {
    const counts: [string, number, number][] = [];
    const pairs: [string, string, number][] = [];
    for (const [loc, byKey] of this.counts) for (const [k, n] of byKey) if (n) counts.push([loc, k, n]);
    for (const [a, byOther] of this.pairs) for (const [b, n] of byOther) if (n) pairs.push([a, b, n]);
    this.counts.clear();
    this.pairs.clear();
    return { counts, pairs };
  }
}
