import fs from 'node:fs';
import path from 'node:path';
import type { LonLat } from '@/lib/roads/edge';
import { graphFileBeside } from '@/lib/roads/router/ch/shelf';
import { GraphRouter } from '@/lib/roads/router/graph-router';
import type { RouteAnswer } from '@/lib/roads/router/types';
import type { RoadStore } from '@/lib/roads/store/types';
import type { Vehicle } from '@/lib/roads/vehicle';
import { MiB, memory, type Row, sameCosts, timed, watched } from './routing-timing';

function heldBytes() {
  const { heapUsed, arrayBuffers } = memory();
  return heapUsed + arrayBuffers;
}

/**
 * The server's router on the same network and pairs as the landmarks' rows: its contraction hierarchy (one for every
 * vehicle, by limit profiles) contracted in turns as a server does it (the time, the memory it adds, the event loop's
 * longest stall), written to its file and read back by a second router as an instance does at start, after the prepared
 * graph the first one kept (their longest stalls too); then routes for
 * each vehicle (the fastest route, and the legal one when the fastest breaks a limit), compared with `reference`.
 */
export async function benchHierarchy(dir: string, store: RoadStore, pairs: [LonLat, LonLat][], warmup: number, vehicles: [string, Vehicle, RouteAnswer[]][]): Promise<Row[]> {
  const hierarchyFile = path.join(fs.mkdtempSync(path.join(dir, 'hierarchy-')), 'roads-hierarchy.bin');
  const contracting = new GraphRouter(store, { hierarchyFile });
  await contracting.warm();
  const before = heldBytes();
  const contracted = await watched(() => contracting.hierarchyReady());
  if (!contracted.result) throw new Error('the hierarchy was not prepared');
  const held = heldBytes() - before;
  await contracting.close();

  const router = new GraphRouter(store, { hierarchyFile });
  const graph = await watched(() => router.warm());
  if ((await router.graphSource()) !== 'read') throw new Error('the prepared graph was not read');
  const read = await watched(() => router.hierarchyReady());
  heldBytes(); // a collection now, not of the contraction's garbage during the first routes
  const rows: Row[] = [];
  for (const [name, vehicle, reference] of vehicles) {
    const run = await timed(pairs, warmup, (from, to) => router.route(from, to, vehicle));
    const routed = reference.filter((r) => r.kind === 'route').length;
    const around = run.answers.filter((a) => a.kind === 'route' && a.restrictionsAvoided.length).length;
    rows.push({
      name: `embedded: contraction hierarchy, ${name}`,
      times: run.times,
      note: rows.length
        ? `${around} go around a limit; same cost as NBA* + landmarks: ${sameCosts(run.answers, reference)}/${pairs.length} (${routed} routed)`
        : `the server's router; contracted in turns in ${contracted.seconds.toFixed(1)} s (event loop held ${contracted.heldMs.toFixed(0)} ms at most, its longest collection ${contracted.longestGcMs.toFixed(0)} ms), +${MiB(held)} held; ` +
          `its file ${MiB(fs.statSync(hierarchyFile).size)}, read at start in ${read.seconds.toFixed(2)} s (event loop held ${read.heldMs.toFixed(0)} ms at most, its longest collection ${read.longestGcMs.toFixed(0)} ms), ` +
            `after the prepared graph (${MiB(fs.statSync(graphFileBeside(hierarchyFile)).size)}) in ${graph.seconds.toFixed(2)} s (event loop held ${graph.heldMs.toFixed(0)} ms at most); ` +
            `same cost as NBA* + landmarks: ${sameCosts(run.answers, reference)}/${pairs.length}`,
    });
  }
  await router.close();
  return rows;
}
