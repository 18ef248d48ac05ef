import path from 'node:path';
import { mulberry32 } from '@/lib/places/dataset/prng';
import { DEMO_ROADS_NAME, demoRoadSource } from '@/lib/roads/demo/demo-roads';
import type { LonLat } from '@/lib/roads/edge';
import { haversineMeters } from '@/lib/roads/geometry';
import { importRoads } from '@/lib/roads/import/import-roads';
import { GraphRouter } from '@/lib/roads/router/graph-router';
import type { RoadRouter } from '@/lib/roads/router/types';
import { SqliteRoadStore } from '@/lib/roads/store/sqlite/store';
import type { RoadStore } from '@/lib/roads/store/types';
import { PRESET_VEHICLES, type Vehicle } from '@/lib/roads/vehicle';
import type { PgRoutingBench } from './routing-postgres';
import { type Row, sameCosts, table, timed } from './routing-timing';

/** Routes across the demo network are drawn between junctions this far apart (great circle), about 1,000 km by road. */
const FROM_KM = 700;
const TO_KM = 1000;

const importDemo = (store: RoadStore) => importRoads(store, demoRoadSource(), 'demo-roads', { name: DEMO_ROADS_NAME, generated: true });

/** Pairs of the network's junctions FROM_KM to TO_KM apart, drawn by a seeded generator. */
async function demoPairs(store: RoadStore, count: number): Promise<[LonLat, LonLat][]> {
  const { nodes } = (await store.load())!;
  const rng = mulberry32(2026);
  const pick = (): LonLat => {
    const n = nodes[Math.floor(rng() * nodes.length)];
    return [n.lon, n.lat];
  };
  const pairs: [LonLat, LonLat][] = [];
  while (pairs.length < count) {
    const [a, b] = [pick(), pick()];
    const km = haversineMeters(a, b) / 1000;
    if (km >= FROM_KM && km <= TO_KM) pairs.push([a, b]);
  }
  return pairs;
}

/** The first target: routes across the demo network, embedded and (with a database) on pgRouting. */
export async function benchDemo(dir: string, pg: PgRoutingBench | string, pairCount: number, warmup: number): Promise<void> {
  const store = SqliteRoadStore.open(path.join(dir, 'demo-roads.sqlite'));
  const imported = await importDemo(store);
  const pairs = await demoPairs(store, pairCount);
  const graph = new GraphRouter(store);
  await graph.warm();
  const run = (router: RoadRouter, vehicle: Vehicle) => timed(pairs, Math.min(warmup, 5), (from, to) => router.route(from, to, vehicle));
  const car = await run(graph, PRESET_VEHICLES.car);
  const rig = await run(graph, PRESET_VEHICLES['class-a']);
  const roadKm = car.answers.map((a) => (a.kind === 'route' ? a.distance_m / 1000 : 0)).filter((km) => km > 0);
  const rows: Row[] = [
    { name: 'embedded: ngraph.path NBA*, car', times: car.times, note: `${Math.round(roadKm.reduce((s, km) => s + km, 0) / roadKm.length)} km by road on average` },
    { name: 'embedded: ngraph.path NBA*, class A rig', times: rig.times, note: '' },
  ];
  if (typeof pg !== 'string') {
    await importDemo(pg.store);
    const pgCar = await run(pg.router, PRESET_VEHICLES.car);
    const pgRig = await run(pg.router, PRESET_VEHICLES['class-a']);
    rows.push(
      { name: 'PostgreSQL: pgRouting pgr_withPoints, car', times: pgCar.times, note: `same cost as embedded: ${sameCosts(pgCar.answers, car.answers)}/${pairs.length}` },
      { name: 'PostgreSQL: pgRouting, class A rig', times: pgRig.times, note: `same cost as embedded: ${sameCosts(pgRig.answers, rig.answers)}/${pairs.length}` },
    );
  }
  console.log(`\ndemo network: ${imported.network.edgeCount} edges between the towns of the contiguous US (generated); ${pairs.length} pairs of junctions ${FROM_KM} to ${TO_KM} km apart\n`);
  console.log(table(rows));
  await graph.close();
  await store.close();
}
