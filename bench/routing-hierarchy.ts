import type { LonLat } from '@/lib/roads/edge';
import { mayUse } from '@/lib/roads/restrictions';
import { buildArcs } from '@/lib/roads/router/arcs';
import { contractHierarchy } from '@/lib/roads/router/ch/contract';
import { HierarchyQuery } from '@/lib/roads/router/ch/query';
import type { RouteAnswer } from '@/lib/roads/router/types';
import type { RoadStore } from '@/lib/roads/store/types';
import type { Vehicle } from '@/lib/roads/vehicle';
import { type Row, timed } from './routing-timing';

const key = ([lon, lat]: LonLat) => `${lon.toFixed(5)},${lat.toFixed(5)}`;
const MiB = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MiB`;

function heldBytes() {
  (globalThis as { gc?: () => void }).gc?.();
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  return heapUsed + arrayBuffers;
}

/**
 * The candidate for issue 52: a contraction hierarchy per vehicle (lib/roads/router/ch/), built over the same network's
 * arcs, routing junction to junction on the same pairs as the embedded router; its time per route, the build's time
 * and memory, and whether it finds the same times as the embedded router's answers (`reference`).
 */
export async function benchHierarchy(store: RoadStore, pairs: [LonLat, LonLat][], warmup: number, vehicles: [string, Vehicle, RouteAnswer[]][]): Promise<Row[]> {
  const loaded = (await store.load())!;
  const nodeAt = new Map(loaded.nodes.map((node) => [key([node.lon, node.lat]), node.id]));
  const nodeCount = loaded.nodes.reduce((most, node) => Math.max(most, node.id + 1), 0);
  const arcs = buildArcs(nodeCount, loaded.edges);
  const rows: Row[] = [];
  for (const [name, vehicle, reference] of vehicles) {
    const before = heldBytes();
    const started = performance.now();
    const hierarchy = contractHierarchy(arcs, { usable: (a) => mayUse(loaded.edges[arcs.out.edge[a]], vehicle) });
    const buildS = (performance.now() - started) / 1000;
    const held = heldBytes() - before;
    const query = new HierarchyQuery(hierarchy);
    const run = await timed(pairs, warmup, (from, to) => {
      const [a, b] = [nodeAt.get(key(from)), nodeAt.get(key(to))];
      return a === undefined || b === undefined ? null : query.route(a, b);
    });
    const same = run.answers.filter((answer, i) => {
      const theirs = reference[i];
      // To the hundredth of a second: the embedded router snaps a junction's coordinates (rounded in the store) a few
      // centimetres along a road, where the hierarchy starts on the node itself.
      return answer && theirs?.kind === 'route' && Math.abs(answer.seconds - theirs.duration_s) < 0.01;
    }).length;
    const routed = reference.filter((r) => r.kind === 'route').length;
    rows.push({
      name: `candidate: contraction hierarchy, ${name}`,
      times: run.times,
      note:
        `junction to junction; built in ${buildS.toFixed(1)} s, ${hierarchy.shortcuts} shortcuts for ${arcs.out.head.length} arcs, ${MiB(held)} held; ` +
        `same time as NBA* + landmarks (±0.01 s): ${same}/${routed} routed`,
    });
  }
  return rows;
}
