import type { LonLat, RoadEdge } from '../edge';
import { haversineMeters } from '../geometry';
import { mayUse } from '../restrictions';
import type { Vehicle } from '../vehicle';

/**
 * A part of an edge a route drives: from one fraction of its length to another (0 is its first vertex, 1 its last;
 * `from` greater than `to` is against the drawing order).
 */
export interface Traversal {
  edge: RoadEdge;
  from: number;
  to: number;
}

export const meters = (t: Traversal) => Math.abs(t.to - t.from) * t.edge.lengthM;
export const seconds = (t: Traversal) => (meters(t) * 3.6) / t.edge.speedKmh;
/** Whether the vehicle may drive this part of a road: moving 0 m along a road (an end on a junction) is not using it. */
export const mayDrive = (t: Traversal, vehicle: Vehicle) => t.from === t.to || mayUse(t.edge, vehicle);

/** Distance from the first vertex to each vertex of the line. */
function cumulative(line: readonly LonLat[]): number[] {
  const out = [0];
  for (let i = 1; i < line.length; i++) out.push(out[i - 1] + haversineMeters(line[i - 1], line[i]));
  return out;
}

/** The point `d` metres along the line (`along`: its vertices' distances from the first). */
function pointAt(line: readonly LonLat[], along: readonly number[], d: number): LonLat {
  let i = 1;
  while (i < line.length - 1 && along[i] < d) i++;
  const span = along[i] - along[i - 1];
  const k = span > 0 ? Math.min(1, Math.max(0, (d - along[i - 1]) / span)) : 0;
  return [line[i - 1][0] + (line[i][0] - line[i - 1][0]) * k, line[i - 1][1] + (line[i][1] - line[i - 1][1]) * k];
}

/** The vertices of the traversed part, in driving order, starting and ending at the exact fractions. */
export function traversalLine(t: Traversal): LonLat[] {
  const forward = t.from <= t.to;
  const [lo, hi] = forward ? [t.from, t.to] : [t.to, t.from];
  const line = t.edge.geometry;
  const along = cumulative(line);
  const total = along[along.length - 1];
  const inner = line.filter((_, i) => along[i] > lo * total && along[i] < hi * total);
  const out = [pointAt(line, along, lo * total), ...inner, pointAt(line, along, hi * total)];
  return forward ? out : out.reverse();
}

/** The middle of an edge, where a restriction of the whole stretch is placed. */
export function edgeMiddle(edge: RoadEdge): LonLat {
  const line = traversalLine({ edge, from: 0.5, to: 0.5 });
  return line[0];
}
