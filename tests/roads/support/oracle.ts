import type { RoadEdge } from '@/lib/roads/edge';

/** Plain Dijkstra (an O(n²) scan) over the edges `usable` allows, one-way honoured; seconds from node to node, or null. */
export function dijkstra<E extends RoadEdge>(edges: E[], usable: (edge: E) => boolean, from: number, to: number): number | null {
  const out = new Map<number, { to: number; s: number }[]>();
  const link = (a: number, b: number, s: number) => out.set(a, [...(out.get(a) ?? []), { to: b, s }]);
  for (const edge of edges) {
    if (!usable(edge)) continue;
    const s = (edge.lengthM * 3.6) / edge.speedKmh;
    if (edge.oneway !== 'backward') link(edge.from, edge.to, s);
    if (edge.oneway !== 'forward') link(edge.to, edge.from, s);
  }
  const time = new Map<number, number>([[from, 0]]);
  const done = new Set<number>();
  for (;;) {
    let next: number | null = null;
    for (const [node, s] of time) if (!done.has(node) && (next === null || s < time.get(next)!)) next = node;
    if (next === null) return null;
    if (next === to) return time.get(to)!;
    done.add(next);
    for (const { to: b, s } of out.get(next) ?? []) {
      const t = time.get(next)! + s;
      if (!done.has(b) && t < (time.get(b) ?? Infinity)) time.set(b, t);
    }
  }
}
