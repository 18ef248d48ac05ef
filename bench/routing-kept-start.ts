// An instance's start on a grid whose prepared graph and hierarchy were both kept beside `hierarchyFile`, in a process
// of its own (as a server starts after the first one prepared them): the time until the hierarchy answers, the
// longest hold of the event loop, the memory it holds; then its routes between the long pairs. Run by
// bench/routing-grid.ts after bench/routing-start.ts has contracted the hierarchy.
import os from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { GraphRouter } from '@/lib/roads/router/graph-router';
import { SqliteRoadStore } from '@/lib/roads/store/sqlite/store';
import { PRESET_VEHICLES } from '@/lib/roads/vehicle';
import { gridNetwork, longGridPairs } from './routing-grid-source';
import { memory, MiB, table, timed } from './routing-timing';

async function main() {
  const [storeFile, hierarchyFile, edges, pairCount] = process.argv.slice(2);
  const store = SqliteRoadStore.open(storeFile);
  const before = memory();
  const router = new GraphRouter(store, { hierarchyFile });
  const stalls = monitorEventLoopDelay({ resolution: 10 });
  stalls.enable();
  const started = performance.now();
  await router.warm();
  if (!(await router.hierarchyReady())) throw new Error('the kept hierarchy was not read: the log above says why');
  const seconds = (performance.now() - started) / 1000;
  stalls.disable();
  const after = memory();
  console.log(
    `graph and hierarchy read in ${seconds.toFixed(1)} s, event loop held ${(stalls.max / 1e6).toFixed(0)} ms at most; ` +
      `array buffers +${MiB(after.arrayBuffers - before.arrayBuffers)}, heap +${MiB(after.heapUsed - before.heapUsed)}, ` +
      `${MiB(process.memoryUsage().rss)} resident, peak ${MiB(process.resourceUsage().maxRSS * 1024)}`,
  );
  const { pairs, minKm, maxKm } = longGridPairs(gridNetwork(Number(edges)), Number(pairCount));
  const rows = [];
  for (const [name, vehicle] of [['car', PRESET_VEHICLES.car], ['class A rig', PRESET_VEHICLES['class-a']]] as const) {
    const run = await timed(pairs, 1, (from, to) => router.route(from, to, vehicle));
    rows.push({ name: `kept hierarchy, ${name}`, times: run.times, note: `${run.answers.filter((a) => a.kind === 'route').length} routes` });
  }
  console.log(`${pairs.length} pairs ${Math.round(minKm)} to ${Math.round(maxKm)} km apart, 1 warm-up route, load ${os.loadavg()[0].toFixed(1)}; ${MiB(process.memoryUsage().rss)} resident after\n${table(rows)}`);
  await router.close();
  await store.close();
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
