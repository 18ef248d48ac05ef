/** A region with no country or state of the very same places is read whole up to this many places; beyond, scanned. */
export const SMALL_REGION = 5000;

export interface LocationSize {
  /** The location's count key (see locationKey). */
  loc: string;
  /** Its number of places. */
  n: number;
}

/**
 * The entries of a `locations` filter reduced to pairwise disjoint ones, from the location counts and the pair
 * counts (`both(a, b)`: places in both): empty locations dropped, and any location whose places all lie in another
 * kept one (a state with its country, a region equal to its country). Largest first, a country or a state before a
 * region of the same size, so what is kept holds what comes after. Null when two locations overlap only in part:
 * their union has no stored count.
 */
export function disjointLocations(entries: LocationSize[], both: (a: string, b: string) => number): LocationSize[] | null {
  const sorted = entries.filter((e) => e.n > 0);
  const isRegion = (loc: string) => Number(loc.startsWith('r:'));
  sorted.sort((a, b) => b.n - a.n || isRegion(a.loc) - isRegion(b.loc) || (a.loc < b.loc ? -1 : a.loc > b.loc ? 1 : 0));
  const kept: LocationSize[] = [];
  for (const e of sorted) {
    let inside = false;
    for (const k of kept) {
      const n = both(e.loc, k.loc);
      if (n === e.n) {
        inside = true;
        break;
      }
      // Inside another kept location would make this one meet that one too: kept ones are disjoint.
      if (n > 0) return null;
    }
    if (!inside) kept.push(e);
  }
  return kept;
}
