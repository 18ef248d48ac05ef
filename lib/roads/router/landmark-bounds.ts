import type { Landmarks } from './landmarks';

/** A way out of the route's start onto a node of the network, or in from one to its end, at its plain time. */
export interface EndLink {
  node: number;
  seconds: number;
}

/**
 * Lower bounds of the driving time from the route's start to a node (`fromStart`) and from a node to the route's end
 * (`toEnd`), by the landmarks. The start and end are points on roads, joined to the network only by their links: the
 * start reaches any node through one of its ways out, the end is reached through one of its ways in, so
 * - time(L → start) is bounded above by max(time(L → n) − s) over the ways out (n, s): time(L → v) ≤ that + time(start → v);
 * - time(start → L) below by min(s + time(n → L));
 * - time(L → end) below by min(time(L → m) + s) over the ways in (m, s), time(end → L) above by max(time(m → L) − s).
 * A landmark that misses a way (NaN) gives no bound on that side, except where it proves there is no way at all
 * (Infinity). Both bounds are consistent (they never drop by more than an arc's time along it), as NBA* needs.
 */
export function landmarkBounds({ times, nodes }: Landmarks, exits: readonly EndLink[], entries: readonly EndLink[]) {
  const k = nodes.length;
  const startFrom = new Float64Array(k);
  const startTo = new Float64Array(k);
  const endFrom = new Float64Array(k);
  const endTo = new Float64Array(k);
  for (let i = 0; i < k; i++) {
    const fromL = (v: number) => times[v * 2 * k + 2 * i];
    const toL = (v: number) => times[v * 2 * k + 2 * i + 1];
    startFrom[i] = upper(exits, (e) => fromL(e.node) - e.seconds);
    startTo[i] = lower(exits, (e) => e.seconds + toL(e.node));
    endFrom[i] = lower(entries, (e) => fromL(e.node) + e.seconds);
    endTo[i] = upper(entries, (e) => toL(e.node) - e.seconds);
  }
  return {
    /** At most the time from the start to node `v`: time(L → v) − time(L → start), time(start → L) − time(v → L). */
    fromStart(v: number): number {
      let best = 0;
      for (let i = 0, at = v * 2 * k; i < k; i++, at += 2) {
        // Every way out is reached from L but `v` is not: `v` cannot be reached from the start.
        if (Number.isNaN(times[at]) && !Number.isNaN(startFrom[i])) return Infinity;
        best = larger(best, times[at] - startFrom[i], startTo[i] - times[at + 1]);
      }
      return best;
    },
    /** At most the time from node `v` to the end: time(L → end) − time(L → v), time(v → L) − time(end → L). */
    toEnd(v: number): number {
      let best = 0;
      for (let i = 0, at = v * 2 * k; i < k; i++, at += 2) {
        // Every way in reaches L but `v` does not: the end cannot be reached from `v`.
        if (Number.isNaN(times[at + 1]) && !Number.isNaN(endTo[i])) return Infinity;
        best = larger(best, endFrom[i] - times[at], times[at + 1] - endTo[i]);
      }
      return best;
    },
  };
}

/** The largest of three, skipping NaN (a landmark without a way on that side gives no bound). */
function larger(a: number, b: number, c: number): number {
  const ab = b > a ? b : a;
  return c > ab ? c : ab;
}

/** The largest value, or NaN when any is NaN (one way without a bound leaves the whole side without one). */
function upper(links: readonly EndLink[], value: (link: EndLink) => number): number {
  let out = links.length ? -Infinity : NaN;
  for (const link of links) out = Math.max(out, value(link));
  return out;
}

/** The smallest value over the links with one (a way that cannot reach the landmark is not the way to it), else NaN. */
function lower(links: readonly EndLink[], value: (link: EndLink) => number): number {
  let out = Infinity;
  for (const link of links) {
    const x = value(link);
    if (x < out) out = x;
  }
  return out === Infinity ? NaN : out;
}
