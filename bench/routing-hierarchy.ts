import Flatbush from 'flatbush';
import type { LonLat } from '@/lib/roads/edge';
import { mayUse } from '@/lib/roads/restrictions';
import { buildArcs } from '@/lib/roads/router/arcs';
import { nodeCountOf } from '@/lib/roads/router/graph';
import { contractHierarchy } from '@/lib/roads/router/ch/contract';
import { HierarchyQuery } from '@/lib/roads/router/ch/query';
import type { RouteAnswer } from '@/lib/roads/router/types';
import type { RoadStore } from '@/lib/roads/store/types';
import type { Vehicle } from '@/lib/roads/vehicle';
import { MiB, memory, type Row, timed } from './routing-timing';

function heldBytes() {
  const { heapUsed, arrayBuffers } = memory();
  return heapUsed + arrayBuffers;
}

/**
 * The candidate for issue 52: a contraction hierarchy per vehicle (lib/roads/router/ch/), built over the same network's
 * arcs, routing junction to junction on the same pairs as the embedded router; its time per route, the build's time
 * and memory, and whether it finds the same times as the embedded router's answers (`reference`).
 */
export async function benchHierarchy(store: RoadStore, pairs: [LonLat, LonLat][], warmup: number, vehicles: [string, Vehicle, RouteAnswer[]][]): Promise<Row[]> {
  const loaded = (await store.load())!;
  // Each pair's junctions by the nearest node: the store rounds coordinates, so a key of the pair's own may miss.
  const index = new Flatbush(loaded.nodes.length);
  for (const node of loaded.nodes) index.add(node.lon, node.lat, node.lon, node.lat);
  index.finish();
  const nodeAt = ([lon, lat]: LonLat) => loaded.nodes[index.neighbors(lon, lat, 1)[0]].id;
  const arcs = buildArcs(nodeCountOf(loaded.nodes), loaded.edges);
  const rows: Row[] = [];
  for (const [name, vehicle, reference] of vehicles) {
    const before = heldBytes();
    const started = performance.now();
    const hierarchy = contractHierarchy(arcs, { usable: (a) => mayUse(loaded.edges[arcs.out.edge[a]], vehicle) });
    const buildS = (performance.now() - started) / 1000;
    const held = heldBytes() - before;
    const query = new HierarchyQuery(hierarchy);
    const run = await timed(pairs, warmup, (from, to) => query.route(nodeAt(from), nodeAt(to)));
    // To the hundredth of a second: the embedded router snaps a junction's coordinates (rounded in the store) a few
    // centimetres along a road, where the hierarchy starts on the node itself.
    const differences = run.answers.flatMap((answer, i) => {
      const theirs = reference[i];
      return answer && theirs?.kind === 'route' ? [Math.abs(answer.seconds - theirs.duration_s)] : [];
    });
    const same = differences.filter((d) => d < 0.01).length;
    const most = Math.max(0, ...differences);
    const routed = reference.filter((r) => r.kind === 'route').length;
    rows.push({
      name: `candidate: contraction hierarchy, ${name}`,
      times: run.times,
      note:
        `junction to junction; built in ${buildS.toFixed(1)} s, ${hierarchy.shortcuts} shortcuts for ${arcs.out.head.length} arcs, ${MiB(held)} held; ` +
        `same time as NBA* + landmarks (±0.01 s): ${same}/${routed} routed (${most.toFixed(3)} s apart at most)`,
    });
  }
  return rows;
}
