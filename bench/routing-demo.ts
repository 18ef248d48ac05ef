import path from 'node:path';
import { mulberry32 } from '@/lib/places/dataset/prng';
import { DEMO_ROADS_NAME, demoRoadSource } from '@/lib/roads/demo/demo-roads';
import type { LonLat } from '@/lib/roads/edge';
import { importRoads } from '@/lib/roads/import/import-roads';
import { GraphRouter } from '@/lib/roads/router/graph-router';
import type { RoadRouter } from '@/lib/roads/router/types';
import { SqliteRoadStore } from '@/lib/roads/store/sqlite/store';
import type { RoadStore } from '@/lib/roads/store/types';
import { PRESET_VEHICLES, type Vehicle } from '@/lib/roads/vehicle';
import { benchHierarchy } from './routing-hierarchy';
import { pairsApart } from './routing-pairs';
import { benchScaledOut } from './routing-scaled-out';
import type { PgRoutingBench } from './routing-postgres';
import { type Row, sameCosts, table, timed } from './routing-timing';

/** Routes across the demo network are drawn between junctions this far apart (great circle), about 1,000 km by road. */
const FROM_KM = 700;
const TO_KM = 1000;

const importDemo = (store: RoadStore) => importRoads(store, demoRoadSource(), 'demo-roads', { name: DEMO_ROADS_NAME, generated: true });

function heapUsed() {
  // package.json runs the bench with --expose-gc, so what is measured is what is held, without garbage.
  (globalThis as { gc?: () => void }).gc?.();
  return process.memoryUsage().heapUsed + process.memoryUsage().arrayBuffers;
}

/** Pairs of the network's junctions FROM_KM to TO_KM apart, drawn by a seeded generator. */
async function demoPairs(store: RoadStore, count: number): Promise<[LonLat, LonLat][]> {
  const { nodes } = (await store.load())!;
  const rng = mulberry32(2026);
  const pick = (): LonLat => {
    const n = nodes[Math.floor(rng() * nodes.length)];
    return [n.lon, n.lat];
  };
  return pairsApart(pick, count, FROM_KM, TO_KM);
}

/** The first target: routes across the demo network, embedded and (with a database) on pgRouting. */
export async function benchDemo(dir: string, pg: PgRoutingBench | string, pairCount: number, warmup: number): Promise<void> {
  const store = SqliteRoadStore.open(path.join(dir, 'demo-roads.sqlite'));
  const imported = await importDemo(store);
  const pairs = await demoPairs(store, pairCount);
  const run = (router: RoadRouter, vehicle: Vehicle) => timed(pairs, Math.min(warmup, 5), (from, to) => router.route(from, to, vehicle));
  const before = heapUsed();
  const graph = new GraphRouter(store);
  let started = performance.now();
  await graph.warm();
  const buildMs = performance.now() - started;
  const heapMiB = (heapUsed() - before) / 2 ** 20;
  const car = await run(graph, PRESET_VEHICLES.car);
  const rig = await run(graph, PRESET_VEHICLES['class-a']);
  await graph.close();
  // One graph at a time, as the grid's bench does.
  const earlier = new GraphRouter(store, { heuristic: 'great-circle' });
  started = performance.now();
  await earlier.warm();
  const earlierMs = performance.now() - started;
  const earlierCar = await run(earlier, PRESET_VEHICLES.car);
  const earlierRig = await run(earlier, PRESET_VEHICLES['class-a']);
  await earlier.close();
  const dijkstra = new GraphRouter(store, { algorithm: 'dijkstra' });
  await dijkstra.warm();
  const plainCar = await run(dijkstra, PRESET_VEHICLES.car);
  await dijkstra.close();
  // The server's router, on the same pairs.
  const hierarchyRows = await benchHierarchy(dir, store, pairs, Math.min(warmup, 5), [
    ['car', PRESET_VEHICLES.car, car.answers],
    ['class A rig', PRESET_VEHICLES['class-a'], rig.answers],
  ]);
  const roadKm = car.answers.map((a) => (a.kind === 'route' ? a.distance_m / 1000 : 0)).filter((km) => km > 0);
  const rows: Row[] = [
    ...hierarchyRows,
    {
      name: 'embedded: NBA* + landmarks, car',
      times: car.times,
      note: `${Math.round(roadKm.reduce((s, km) => s + km, 0) / roadKm.length)} km by road on average; graph and landmarks built in ${(buildMs / 1000).toFixed(1)} s, memory +${heapMiB.toFixed(0)} MiB (heap and array buffers)`,
    },
    { name: 'embedded: NBA* + landmarks, class A rig', times: rig.times, note: '' },
    { name: 'embedded: NBA*, great circle, car', times: earlierCar.times, note: `the earlier heuristic, graph built in ${(earlierMs / 1000).toFixed(1)} s; same cost: ${sameCosts(earlierCar.answers, car.answers)}/${pairs.length}` },
    { name: 'embedded: NBA*, great circle, class A rig', times: earlierRig.times, note: `same cost: ${sameCosts(earlierRig.answers, rig.answers)}/${pairs.length}` },
    { name: 'embedded: ngraph.path Dijkstra, car', times: plainCar.times, note: `same graph, no heuristic; same cost: ${sameCosts(plainCar.answers, car.answers)}/${pairs.length}` },
  ];
  if (typeof pg !== 'string') {
    await importDemo(pg.store);
    const pgCar = await run(pg.router, PRESET_VEHICLES.car);
    const pgRig = await run(pg.router, PRESET_VEHICLES['class-a']);
    rows.push(
      { name: 'PostgreSQL: pgRouting pgr_withPoints, car', times: pgCar.times, note: `same cost as embedded: ${sameCosts(pgCar.answers, car.answers)}/${pairs.length}` },
      { name: 'PostgreSQL: pgRouting, class A rig', times: pgRig.times, note: `same cost as embedded: ${sameCosts(pgRig.answers, rig.answers)}/${pairs.length}` },
      ...(await benchScaledOut(pg.store, pairs, Math.min(warmup, 5), [['car', PRESET_VEHICLES.car, car.answers], ['class A rig', PRESET_VEHICLES['class-a'], rig.answers]])),
    );
  }
  console.log(`\ndemo network: ${imported.network.edgeCount} edges between the towns of the contiguous US (generated); ${pairs.length} pairs of junctions ${FROM_KM} to ${TO_KM} km apart\n`);
  console.log(table(rows));
  await store.close();
}
