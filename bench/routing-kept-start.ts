// An instance's start on a grid whose prepared graph and hierarchy were both kept beside `hierarchyFile`, in a process
// of its own (as a server starts after the first one prepared them): the time until the hierarchy answers, the
// longest hold of the event loop, the memory it holds; then its routes between the long pairs. Run by
// bench/routing-grid.ts after bench/routing-start.ts has contracted the hierarchy.
import os from 'node:os';
import { SqliteRoadStore } from '@/lib/roads/store/sqlite/store';
import { gridNetwork, longGridPairs } from './routing-grid-source';
import { routeAll } from './routing-long-routes';
import { MiB, table } from './routing-timing';
import { timedWarm } from './routing-warm';

async function main() {
  const [storeFile, hierarchyFile, edges, pairCount] = process.argv.slice(2);
  const store = SqliteRoadStore.open(storeFile);
  const { router, summary } = await timedWarm(store, hierarchyFile, true);
  console.log(`graph and hierarchy read: ${summary}`);
  const { pairs, minKm, maxKm } = longGridPairs(gridNetwork(Number(edges)), Number(pairCount));
  const { rows } = await routeAll(router, pairs, 'kept hierarchy');
  console.log(`${pairs.length} pairs ${Math.round(minKm)} to ${Math.round(maxKm)} km apart, 1 warm-up route, load ${os.loadavg()[0].toFixed(1)}; ${MiB(process.memoryUsage().rss)} resident after\n${table(rows)}`);
  await router.close();
  await store.close();
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
