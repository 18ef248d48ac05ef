import fs from 'node:fs';
import path from 'node:path';
import type { LonLat } from '@/lib/roads/edge';
import { mayUse } from '@/lib/roads/restrictions';
import { buildArcs } from '@/lib/roads/router/arcs';
import { nodeCountOf } from '@/lib/roads/router/graph';
import { contractHierarchy } from '@/lib/roads/router/ch/contract';
import { readHierarchy, writeHierarchy } from '@/lib/roads/router/ch/hierarchy-file';
import { HierarchyQuery } from '@/lib/roads/router/ch/query';
import { routeBetweenSnaps } from '@/lib/roads/router/ch/snapped-route';
import { SNAP_WITHIN_M } from '@/lib/roads/router/graph-router';
import { EdgeIndex } from '@/lib/roads/router/snap';
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
 * arcs, routing on the same pairs as the embedded router from the same points on the roads (snapped as it snaps them,
 * timed with the route); its time per route, the build's time and memory, and whether it finds the same times as the
 * embedded router's answers (`reference`); and the prepared hierarchy written to a file in `dir` and read back, as an
 * instance would at its start.
 */
export async function benchHierarchy(dir: string, store: RoadStore, pairs: [LonLat, LonLat][], warmup: number, vehicles: [string, Vehicle, RouteAnswer[]][]): Promise<Row[]> {
  const loaded = (await store.load())!;
  const index = new EdgeIndex(loaded.edges);
  const arcs = buildArcs(nodeCountOf(loaded.nodes), loaded.edges);
  const rows: Row[] = [];
  for (const [name, vehicle, reference] of vehicles) {
    const before = heldBytes();
    const started = performance.now();
    const hierarchy = contractHierarchy(arcs, { usable: (a) => mayUse(loaded.edges[arcs.out.edge[a]], vehicle) });
    const buildS = (performance.now() - started) / 1000;
    const held = heldBytes() - before;
    const file = path.join(dir, `grid-${name.replaceAll(' ', '-')}.ch`);
    writeHierarchy(file, hierarchy, `grid (${name})`);
    const reading = performance.now();
    const query = new HierarchyQuery(readHierarchy(file, `grid (${name})`));
    const readS = (performance.now() - reading) / 1000;
    const allowed = (edge: (typeof loaded.edges)[number]) => mayUse(edge, vehicle);
    const run = await timed(pairs, warmup, (from, to) => {
      const [start, end] = [index.nearest(from, SNAP_WITHIN_M, allowed), index.nearest(to, SNAP_WITHIN_M, allowed)];
      return start && end ? routeBetweenSnaps(query, start, end) : null;
    });
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
        `from the points snapped onto the roads; built in ${buildS.toFixed(1)} s, ${hierarchy.shortcuts} shortcuts for ${arcs.out.head.length} arcs, ${MiB(held)} held; ` +
        `its file ${MiB(fs.statSync(file).size)}, read back in ${readS.toFixed(2)} s; ` +
        `same time as NBA* + landmarks (±0.01 s): ${same}/${routed} routed (${most.toFixed(3)} s apart at most)`,
    });
  }
  return rows;
}
