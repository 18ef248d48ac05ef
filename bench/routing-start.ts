// An instance's start on a grid whose prepared graph was kept beside `hierarchyFile`, in a process of its own (as a
// server starts): prints its time, longest hold and memory, then its routes between pairs 1,000 to 4,000 km apart by
// the landmarks (no hierarchy). Run by bench/routing-grid.ts.
import os from 'node:os';
import { SqliteRoadStore } from '@/lib/roads/store/sqlite/store';
import { PRESET_VEHICLES } from '@/lib/roads/vehicle';
import { gridNetwork, longGridPairs } from './routing-grid-source';
import { table, timed } from './routing-timing';
import { timedWarm } from './routing-warm';

async function main() {
  const [storeFile, hierarchyFile, edges, pairCount] = process.argv.slice(2);
  const store = SqliteRoadStore.open(storeFile);
  const { router, summary } = await timedWarm(store, hierarchyFile);
  const source = await router.graphSource();
  if (source !== 'read') throw new Error(`the prepared graph was not read (${source}): the log above says why`);
  console.log(summary);
  const { pairs, minKm, maxKm } = longGridPairs(gridNetwork(Number(edges)), Number(pairCount));
  if (pairs.length) {
    const rows = [];
    for (const [name, vehicle] of [['car', PRESET_VEHICLES.car], ['class A rig', PRESET_VEHICLES['class-a']]] as const) {
      const { times, answers } = await timed(pairs, 1, (from, to) => router.route(from, to, vehicle));
      const km = answers.flatMap((a) => (a.kind === 'route' ? [a.distance_m / 1000] : []));
      const around = answers.filter((a) => a.kind === 'route' && a.restrictionsAvoided.length).length;
      const note = `${km.length} routes, ${Math.round(Math.min(...km))} to ${Math.round(Math.max(...km))} km by road; ${around} went around a limit`;
      rows.push({ name: `next start: NBA* + landmarks, ${name}`, times, note });
    }
    console.log(`${pairs.length} pairs ${Math.round(minKm)} to ${Math.round(maxKm)} km apart (seed 37), 1 warm-up route, load ${os.loadavg()[0].toFixed(1)}\n${table(rows)}`);
  }
  await router.close();
  await store.close();
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
