// An instance's start on a grid whose prepared graph was kept beside `hierarchyFile`, in a process of its own (as a
// server starts): prints its time, longest hold and memory, then its routes between pairs 1,000 to 4,000 km apart by
// the landmarks; with `contract`, then a second instance's contraction of the hierarchy (timed, in turns as a server
// runs it) and the same routes on it. Run by bench/routing-grid.ts.
import os from 'node:os';
import { GraphRouter } from '@/lib/roads/router/graph-router';
import { SqliteRoadStore } from '@/lib/roads/store/sqlite/store';
import { gridNetwork, longGridPairs } from './routing-grid-source';
import { routeAll } from './routing-long-routes';
import { memory, MiB, table, watched } from './routing-timing';
import { timedWarm } from './routing-warm';

/** A second instance on the same prepared graph, which contracts the hierarchy in turns: its time, longest hold, memory. */
async function contracted(store: SqliteRoadStore, hierarchyFile: string) {
  const router = new GraphRouter(store, { hierarchyFile });
  await router.warm();
  const contraction = await watched(() => router.hierarchyReady());
  if (!contraction.result) throw new Error('the hierarchy was not prepared: the log above says why');
  const note =
    `contracted in turns in ${contraction.seconds.toFixed(1)} s, the event loop held ${contraction.heldMs.toFixed(0)} ms at most; ` +
    `${MiB(process.memoryUsage().rss)} resident after, peak ${MiB(process.resourceUsage().maxRSS * 1024)}`;
  return { router, note };
}

async function main() {
  const [storeFile, hierarchyFile, edges, pairCount, contract] = process.argv.slice(2);
  const store = SqliteRoadStore.open(storeFile);
  const { router, summary } = await timedWarm(store, hierarchyFile);
  const source = await router.graphSource();
  if (source !== 'read') throw new Error(`the prepared graph was not read (${source}): the log above says why`);
  console.log(summary);
  const { pairs, minKm, maxKm } = longGridPairs(gridNetwork(Number(edges)), Number(pairCount));
  if (pairs.length) {
    const landmarks = await routeAll(router, pairs, 'next start: NBA* + landmarks');
    await router.close();
    const rows = landmarks.rows;
    if (contract === 'contract') {
      memory(); // the first instance let go before the second reads the graph again
      const hierarchy = await contracted(store, hierarchyFile);
      console.log(`hierarchy: ${hierarchy.note}`);
      rows.push(...(await routeAll(hierarchy.router, pairs, 'contraction hierarchy', landmarks.answers)).rows);
      await hierarchy.router.close();
    }
    console.log(`${pairs.length} pairs ${Math.round(minKm)} to ${Math.round(maxKm)} km apart (seed 37), 1 warm-up route, load ${os.loadavg()[0].toFixed(1)}\n${table(rows)}`);
  } else await router.close();
  await store.close();
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
