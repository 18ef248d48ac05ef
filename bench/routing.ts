// `npm run bench:routing [-- --pairs 200]`: road routing on the OSM ways around Gothenburg (geojson-path-finder's
// test/large-network.json, © OpenStreetMap contributors, ODbL): the import's speed and size, then routes per second
// and p50/p95/p99 of the embedded router (NBA* with landmark bounds (ALT), the earlier NBA* with great-circle bounds, A*,
// and ngraph.path's plain Dijkstra on the same graph) beside
// geojson-path-finder's own routing and the straight line the trip pages draw today, on the same pairs, in one run;
// and pgRouting's on PostgreSQL when a database is at hand (BENCH_DATABASE_URL, or Debian's PostgreSQL 15 + PostGIS +
// pgRouting for a throwaway local server; without one its rows are left out and the bench says why).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { LonLat } from '@/lib/roads/edge';
import { haversineMeters } from '@/lib/roads/geometry';
import { geojsonSource } from '@/lib/roads/import/geojson-source';
import { importRoads } from '@/lib/roads/import/import-roads';
import { GraphRouter } from '@/lib/roads/router/graph-router';
import type { RoadRouter, RouteAnswer } from '@/lib/roads/router/types';
import { SqliteRoadStore } from '@/lib/roads/store/sqlite/store';
import { PRESET_VEHICLES, type Vehicle } from '@/lib/roads/vehicle';
import { benchDemo } from './routing-demo';
import { benchGrid, type GridBenchOptions } from './routing-grid';
import { openPgRoutingBench, type PgRoutingBench } from './routing-postgres';
import { type Row, sameCosts, table, timed } from './routing-timing';
import { GOTHENBURG_FILE, gothenburgLines, gothenburgOracle, gothenburgPairs } from '../tests/roads/support/gothenburg';

const { values } = parseArgs({
  options: {
    pairs: { type: 'string', default: '200' },
    'demo-pairs': { type: 'string', default: '40' },
    warmup: { type: 'string', default: '20' },
    grid: { type: 'boolean', default: false },
    'grid-only': { type: 'boolean', default: false },
    'grid-edges': { type: 'string', default: '1000000' },
    'grid-pairs': { type: 'string', default: '100' },
    'grid-pg-pairs': { type: 'string', default: '10' },
    /** The import and an instance's warm-up only (time, memory, holds): for the sizes whose routes and hierarchy take hours. */
    'grid-warm-only': { type: 'boolean', default: false },
    /** A SQLite road store kept between runs: the grid is imported into it once (a 25M-edge import takes half an hour). */
    'grid-store': { type: 'string' },
    'grid-contract': { type: 'boolean', default: false },
    /** With --grid-warm-only and --grid-store: the prepared graph kept here between runs (a 25M-edge one takes 15 minutes). */
    'grid-prepared': { type: 'string' },
  },
});
const pairCount = Number(values.pairs);
const demoPairs = Number(values['demo-pairs']);
const warmup = Number(values.warmup);
const gridOnly = values['grid-only'];
const grid: GridBenchOptions | null =
  values.grid || gridOnly
    ? { edges: Number(values['grid-edges']), pairs: Number(values['grid-pairs']), pgPairs: Number(values['grid-pg-pairs']), warmup, warmOnly: values['grid-warm-only'], storeFile: values['grid-store'], contract: values['grid-contract'], preparedDir: values['grid-prepared'] }
    : null;

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-routing-'));
  const pg = await openPgRoutingBench();
  try {
    if (!gridOnly) await benchGothenburg(dir, pg);
    if (!gridOnly) await benchDemo(dir, pg, demoPairs, warmup);
    if (grid) await benchGrid(dir, pg, grid);
  } finally {
    if (typeof pg !== 'string') await pg.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The OSM ways around Gothenburg: import, then every engine on the same pairs. */
async function benchGothenburg(dir: string, pg: PgRoutingBench | string) {
  const file = path.join(dir, 'roads.sqlite');
  const store = SqliteRoadStore.open(file);
  let started = performance.now();
  const imported = await importRoads(store, geojsonSource(GOTHENBURG_FILE, false), GOTHENBURG_FILE, { name: 'Gothenburg' });
  const importSeconds = (performance.now() - started) / 1000;
  const edges = imported.network.edgeCount;
  const bytes = fs.statSync(file).size + (fs.existsSync(`${file}-wal`) ? fs.statSync(`${file}-wal`).size : 0);
  console.log(`network: ${edges} edges, ${imported.network.nodeCount} nodes, ${Math.round(imported.lengthKm)} km (Gothenburg, OSM 2016)`);
  console.log(
    `import: ${importSeconds.toFixed(1)} s (${Math.round(edges / importSeconds)} edges/s, ${((importSeconds * 1e6) / edges / 60).toFixed(1)} min per million edges); ` +
      `roads.sqlite ${(bytes / 2 ** 20).toFixed(1)} MiB (${((bytes / edges) * 1e6 / 2 ** 30).toFixed(2)} GiB per million edges)`,
  );

  const lines = gothenburgLines();
  const pairs = gothenburgPairs(lines, pairCount, 2026);
  const car = PRESET_VEHICLES.car;
  const classA = PRESET_VEHICLES['class-a'];

  const heapUsed = () => {
    // package.json runs this with --expose-gc, so the heap is measured without garbage.
    (globalThis as { gc?: () => void }).gc?.();
    return process.memoryUsage().heapUsed + process.memoryUsage().arrayBuffers;
  };
  const heapBefore = heapUsed();
  const nba = new GraphRouter(store);
  started = performance.now();
  await nba.route(pairs[0][0], pairs[0][1], car);
  const buildMs = performance.now() - started;
  const heapMiB = (heapUsed() - heapBefore) / 2 ** 20;
  const greatCircle = new GraphRouter(store, { heuristic: 'great-circle' });
  const aStarOnly = new GraphRouter(store, { algorithm: 'a-star' });
  const dijkstra = new GraphRouter(store, { algorithm: 'dijkstra' });
  for (const router of [greatCircle, aStarOnly, dijkstra]) await router.route(pairs[0][0], pairs[0][1], car);

  started = performance.now();
  const oracle = gothenburgOracle(lines, car);
  const oracleBuildMs = performance.now() - started;

  const routeOf = (router: RoadRouter, vehicle: Vehicle) => (from: LonLat, to: LonLat) => router.route(from, to, vehicle);
  const ours = await timed(pairs, warmup, routeOf(nba, car));
  const earlier = await timed(pairs, warmup, routeOf(greatCircle, car));
  const oneWay = await timed(pairs, warmup, routeOf(aStarOnly, car));
  const plain = await timed(pairs, warmup, routeOf(dijkstra, car));
  const rig = await timed(pairs, warmup, routeOf(nba, classA));
  const theirs = await timed(pairs, warmup, (from, to) => oracle.route(from, to));
  const straight = await timed(pairs, warmup, (from, to) => haversineMeters(from, to));

  const routed = ours.answers.map((a, i) => (a.kind === 'route' ? [a.distance_m, straight.answers[i]] : null)).filter((x): x is number[] => x !== null && x[1] > 0);
  const detour = routed.reduce((s, [road, line]) => s + road / line, 0) / routed.length;
  const refused = rig.answers.filter((a) => a.kind === 'refused').length;
  const avoided = rig.answers.filter((a) => a.kind === 'route' && a.restrictionsAvoided.length).length;
  console.log(`\n${pairs.length} pairs of road vertices (seed 2026), ${warmup} warm-up routes each, one thread, ${os.cpus().length} CPUs, load ${os.loadavg()[0].toFixed(1)}\n`);
  const pgrouting = await benchPgRouting(pg, pairs, routeOf, [ours.answers, rig.answers]);
  console.log(
    table([
      { name: 'embedded: ngraph.path NBA* + landmarks, car', times: ours.times, note: `graph and landmarks built in ${(buildMs / 1000).toFixed(1)} s, memory +${heapMiB.toFixed(0)} MiB` },
      { name: 'embedded: NBA* + landmarks, class A rig', times: rig.times, note: `${avoided} routed around a restriction, ${refused} refused` },
      { name: 'embedded: ngraph.path NBA*, great circle, car', times: earlier.times, note: `the earlier heuristic; same cost: ${sameCosts(earlier.answers, ours.answers)}/${pairs.length}` },
      { name: 'embedded: ngraph.path A* + landmarks, car', times: oneWay.times, note: 'same graph, one-way A*' },
      { name: 'embedded: ngraph.path Dijkstra, car', times: plain.times, note: `same graph, no heuristic; same cost: ${sameCosts(plain.answers, ours.answers)}/${pairs.length}` },
      { name: 'geojson-path-finder findPath, car', times: theirs.times, note: `its graph built in ${(oracleBuildMs / 1000).toFixed(1)} s` },
      ...pgrouting.rows,
      { name: 'straight line (great circle)', times: straight.times, note: `road / straight distance: ${detour.toFixed(2)} on average` },
    ]),
  );
  console.log(`\npgRouting: ${pgrouting.note}`);
  for (const router of [nba, greatCircle, aStarOnly, dijkstra]) await router.close();
  await store.close();
}

/** pgRouting's rows (car, class A rig) on the same pairs, and how many of its answers cost what the embedded router's do. */
async function benchPgRouting(
  pg: PgRoutingBench | string,
  pairs: [LonLat, LonLat][],
  routeOf: (router: RoadRouter, vehicle: Vehicle) => (from: LonLat, to: LonLat) => Promise<RouteAnswer>,
  embedded: [RouteAnswer[], RouteAnswer[]],
): Promise<{ rows: Row[]; note: string }> {
  if (typeof pg === 'string') return { rows: [], note: `left out: ${pg}` };
  const started = performance.now();
  await importRoads(pg.store, geojsonSource(GOTHENBURG_FILE, false), GOTHENBURG_FILE, { name: 'Gothenburg' });
  const importSeconds = (performance.now() - started) / 1000;
  const car = await timed(pairs, warmup, routeOf(pg.router, PRESET_VEHICLES.car));
  const rig = await timed(pairs, warmup, routeOf(pg.router, PRESET_VEHICLES['class-a']));
  return {
    rows: [
      { name: 'PostgreSQL: pgRouting pgr_withPoints, car', times: car.times, note: `same cost as embedded: ${sameCosts(car.answers, embedded[0])}/${pairs.length}` },
      { name: 'PostgreSQL: pgRouting, class A rig', times: rig.times, note: `same cost as embedded: ${sameCosts(rig.answers, embedded[1])}/${pairs.length}` },
    ],
    note: `import into ${pg.where} ${importSeconds.toFixed(1)} s, tables ${((await pg.tableBytes()) / 2 ** 20).toFixed(1)} MiB with indexes`,
  };
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
