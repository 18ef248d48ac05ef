import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildNetwork } from '@/lib/roads/import/build-network';
import { importRoads } from '@/lib/roads/import/import-roads';
import { graphFileBeside } from '@/lib/roads/router/ch/shelf';
import { GraphRouter } from '@/lib/roads/router/graph-router';
import { buildGraph } from '@/lib/roads/router/graph';
import { chooseLandmarks, LANDMARK_COUNT } from '@/lib/roads/router/landmarks';
import { EdgeIndex } from '@/lib/roads/router/snap';
import type { EdgeTable } from '@/lib/roads/edge-table';
import type { RoadRouter, RouteAnswer } from '@/lib/roads/router/types';
import { SqliteRoadStore } from '@/lib/roads/store/sqlite/store';
import type { RoadNetwork } from '@/lib/roads/store/types';
import { PRESET_VEHICLES, type Vehicle } from '@/lib/roads/vehicle';
import { benchHierarchy } from './routing-hierarchy';
import { benchScaledOut } from './routing-scaled-out';
import { type GridNetwork, gridNetwork, gridPairs } from './routing-grid-source';
import type { PgRoutingBench } from './routing-postgres';
import { MiB, memory, type Row, sameCosts, table, timed, watched } from './routing-timing';
import { timedWarm } from './routing-warm';

export interface GridBenchOptions {
  edges: number;
  pairs: number;
  /** Pairs routed on pgRouting (the first of the same pairs): each of its routes reads the whole box of edges. */
  pgPairs: number;
  warmup: number;
  /** Stop after the import and the server's warm-up: no routes, baselines or hierarchy. */
  warmOnly?: boolean;
  /** A SQLite road store kept between runs: the grid is imported into it unless it holds it already (then not timed). */
  storeFile?: string;
  /** With `warmOnly`: the next start also contracts the hierarchy and routes the long pairs on it. */
  contract?: boolean;
  /** With `warmOnly`: where the prepared graph is kept between runs (with `storeFile`); a later run starts from it. */
  preparedDir?: string;
}

/** Imports the grid into the store, and prints its time, its size and its peak memory beside the network built whole. */
async function timedImport(store: SqliteRoadStore, file: string, grid: GridNetwork): Promise<RoadNetwork> {
  const started = performance.now();
  const imported = await importRoads(store, grid.source, 'grid', { name: GRID_NAME, generated: true });
  const importSeconds = (performance.now() - started) / 1000;
  const edges = imported.network.edgeCount;
  const importPeak = process.resourceUsage().maxRSS * 1024;
  const whole = await heldWholeHeap(grid, edges);
  const bytes = fs.statSync(file).size + (fs.existsSync(`${file}-wal`) ? fs.statSync(`${file}-wal`).size : 0);
  const perMillion = 1e6 / edges;
  console.log(
    `\ngrid network: ${edges} edges, ${imported.network.nodeCount} nodes, ${Math.round(imported.lengthKm)} km (${grid.source.label})\n` +
      `import: ${importSeconds.toFixed(1)} s (${Math.round(edges / importSeconds)} edges/s, ${((importSeconds * perMillion) / 60).toFixed(1)} min per million edges); ` +
      `${path.basename(file)} ${MiB(bytes)} (${((bytes * perMillion) / 2 ** 30).toFixed(2)} GiB per million edges)\n` +
      `import memory: peak ${MiB(importPeak)} resident, streamed (counting its vertices and its junctions' table ${MiB(imported.junctionTableBytes)}); the network built whole instead (the baseline): ${whole}`,
  );
  return imported.network;
}

/** The routes are about 300 km long; a grid too small for them gets routes across most of it. */
const ROUTE_KM = 300;
const GRID_NAME = 'Generated grid';

/**
 * The store read alone, then the baseline of the server's warm-up in turns: the graph, the snapping index and the
 * landmarks each built at once in this thread, as the router built them before (each one hold of the event loop). In a
 * function of its own, so the network it reads is garbage once it returns.
 */
async function timeReadAndBuildAtOnce(store: SqliteRoadStore): Promise<{ readMs: number; atOnce: string; edgesHeld: string }> {
  let started = performance.now();
  const network = (await store.load())!;
  const readMs = performance.now() - started;
  const ms = <T>(build: () => T): [T, string] => {
    started = performance.now();
    const built = build();
    return [built, (performance.now() - started).toFixed(0)];
  };
  const [graph, graphMs] = ms(() => buildGraph(network));
  const [, indexMs] = ms(() => new EdgeIndex(network.edges));
  const [, landmarksMs] = ms(() => chooseLandmarks(graph.arcs, LANDMARK_COUNT));
  return {
    readMs,
    atOnce: `built at once instead (the baseline): graph ${graphMs} ms, index ${indexMs} ms, landmarks ${landmarksMs} ms`,
    edgesHeld: edgesHeld(network.edges),
  };
}

/** The edges' columns beside the baseline of the same edges as objects, as the router held them before. */
function edgesHeld(edges: EdgeTable): string {
  const columns = `edges in columns ${MiB(edges.bytes)}`;
  if (edges.length > WHOLE_BASELINE_EDGES) return `${columns} (as objects: left out above ${WHOLE_BASELINE_EDGES / 1e6}M edges)`;
  const before = memory().heapUsed;
  const objects = edges.toArray();
  const held = memory().heapUsed - before;
  return `${columns}, as objects ${MiB(held)} of heap (the baseline, for ${objects.length})`;
}

/** Above this size, building the network whole (the import before it streamed) overflows Node's default heap: left out. */
const WHOLE_BASELINE_EDGES = 2_000_000;

/**
 * The baseline of the streamed import's memory: the heap the same network takes when built whole, as the import did
 * before it streamed (every way, node and edge as objects before the first row is written).
 */
async function heldWholeHeap(grid: GridNetwork, edges: number): Promise<string> {
  if (edges > WHOLE_BASELINE_EDGES) return `left out above ${WHOLE_BASELINE_EDGES / 1e6}M edges: it does not fit Node's default heap`;
  const before = memory().heapUsed;
  const built = await buildNetwork(grid.source);
  const held = memory().heapUsed - before;
  return `${MiB(held)} of heap for its ${built.edges.length} edges`;
}

/**
 * An instance's warm-up alone on the grid, as a server runs it (in turns), from the store's rows (the baseline) and then
 * from the prepared graph the first one kept, in a process of its own as an instance's next start: the time, the
 * longest hold of the event loop, the memory; then that instance's routes between `pairs` pairs 1,000 to 4,000 km
 * apart, by its landmarks (no hierarchy), and with `contract` the same on the hierarchy a second instance contracts.
 */
async function warmOnly(dir: string, store: SqliteRoadStore, file: string, options: GridBenchOptions): Promise<void> {
  const hierarchyFile = path.join(dir, 'roads-hierarchy.bin');
  const graphFile = graphFileBeside(hierarchyFile);
  if (options.preparedDir && fs.existsSync(graphFile)) {
    console.log(`prepared graph kept by an earlier run in ${graphFile} (${MiB(fs.statSync(graphFile).size)}): the warm-up from the store's rows is not timed`);
    await store.close();
  } else {
    const built = await timedWarm(store, hierarchyFile);
    console.log(`warm-up from the store's rows (read, graph, index, ${LANDMARK_COUNT} landmarks; no hierarchy), the baseline: ${built.summary}`);
    const keptMs = await built.kept();
    await built.router.close();
    await store.close();
    console.log(`prepared graph kept in ${MiB(fs.statSync(graphFile).size)} (${path.basename(graphFile)}), written in the background in ${(keptMs / 1000).toFixed(1)} s`);
  }
  // A hierarchy an earlier run kept would be read instead of contracted.
  fs.rmSync(hierarchyFile, { force: true });
  // The graph this process built is let go before the next start's process is waited on (5 GB at 25M edges).
  memory();
  // The processes print as they go (a country's contraction logs its progress for an hour or more).
  const run = (script: string, ...args: string[]) =>
    execFileSync(process.execPath, [...process.execArgv, path.join(__dirname, script), file, hierarchyFile, String(options.edges), String(options.pairs), ...args], { stdio: 'inherit' });
  console.log("warm-up from the prepared graph (an instance's next start, a process of its own):");
  run('routing-start.ts', options.contract ? 'contract' : '');
  if (!options.contract) return;
  console.log("an instance's start with the graph and the hierarchy kept (a process of its own):");
  run('routing-kept-start.ts');
}

const averageKm = (answers: RouteAnswer[]) => {
  const km = answers.flatMap((a) => (a.kind === 'route' ? [a.distance_m / 1000] : []));
  return Math.round(km.reduce((s, x) => s + x, 0) / Math.max(1, km.length));
};

/**
 * The second target: a generated grid of about a million edges, imported into a throwaway SQLite road store
 * (time and size per million edges), then routes about 300 km long by the embedded router (NBA* with landmark bounds)
 * beside the earlier great-circle heuristic and ngraph.path's plain Dijkstra on the same graph, the memory the router
 * holds, the server's router on its contraction hierarchy (bench/routing-hierarchy.ts), and pgRouting on a sample of
 * the same pairs.
 */
export async function benchGrid(dir: string, pg: PgRoutingBench | string, options: GridBenchOptions): Promise<void> {
  const grid = gridNetwork(options.edges);
  const file = options.storeFile ?? path.join(dir, 'grid-roads.sqlite');
  const store = SqliteRoadStore.open(file);
  const current = await store.current();
  const kept = current?.source === grid.source.label ? current : null;
  if (kept) console.log(`\ngrid network: ${kept.edgeCount} edges, ${kept.nodeCount} nodes, imported earlier into ${file} (${kept.source}); the import is not timed`);
  const network = kept ?? (await timedImport(store, file, grid));
  const perMillion = 1e6 / network.edgeCount;

  const km = Math.min(ROUTE_KM, grid.side * 0.7);
  const pairs = gridPairs(grid, options.pairs, km * 0.95, km * 1.05);
  const car = PRESET_VEHICLES.car;
  const classA = PRESET_VEHICLES['class-a'];

  if (options.warmOnly) {
    const preparedDir = options.preparedDir ?? fs.mkdtempSync(path.join(dir, 'prepared-'));
    fs.mkdirSync(preparedDir, { recursive: true });
    return warmOnly(preparedDir, store, file, options);
  }
  let started = performance.now();
  const { readMs, atOnce, edgesHeld: edgesNote } = await timeReadAndBuildAtOnce(store);
  const before = memory();
  const alt = new GraphRouter(store);
  // How long the warm-up holds the event loop at most (it runs in the background of a serving process).
  const warm = await watched(() => alt.warm());
  const after = memory();
  const held = `heap +${MiB(after.heapUsed - before.heapUsed)}, array buffers +${MiB(after.arrayBuffers - before.arrayBuffers)}; ${edgesNote}`;

  const warmup = Math.min(options.warmup, 3);
  const run = (router: RoadRouter, vehicle: Vehicle, some = pairs) => timed(some, warmup, (from, to) => router.route(from, to, vehicle));
  const altCar = await run(alt, car);
  const altRig = await run(alt, classA);
  // One graph at a time: two of a million edges each leave the heap short and the timings full of collections.
  await alt.close();
  memory();
  const earlier = new GraphRouter(store, { heuristic: 'great-circle' });
  started = performance.now();
  await earlier.warm();
  const earlierMs = performance.now() - started;
  const gcCar = await run(earlier, car);
  const gcRig = await run(earlier, classA);
  await earlier.close();
  memory();
  const dijkstra = new GraphRouter(store, { algorithm: 'dijkstra' });
  await dijkstra.warm();
  const plainCar = await run(dijkstra, car);
  const plainRig = await run(dijkstra, classA);
  const avoided = altRig.answers.filter((a) => a.kind === 'route' && a.restrictionsAvoided.length).length;
  const same = (theirs: RouteAnswer[], ours: RouteAnswer[]) => `same cost as NBA* + landmarks: ${sameCosts(theirs, ours)}/${pairs.length}`;
  const rows: Row[] = [
    {
      name: 'embedded: NBA* + landmarks, car',
      times: altCar.times,
      note:
        `${averageKm(altCar.answers)} km by road on average; graph and ${LANDMARK_COUNT} landmarks built in ${warm.seconds.toFixed(1)} s with reading the store ` +
        `(${(readMs / 1000).toFixed(1)} s alone), in turns: event loop held ${warm.heldMs.toFixed(0)} ms at most, its longest collection ${warm.longestGcMs.toFixed(0)} ms (${atOnce}); ${held}`,
    },
    { name: 'embedded: NBA* + landmarks, class A rig', times: altRig.times, note: `${avoided} routed around a low bridge or weight limit` },
    { name: 'embedded: NBA*, great circle, car', times: gcCar.times, note: `the earlier heuristic (graph built in ${(earlierMs / 1000).toFixed(1)} s); ${same(gcCar.answers, altCar.answers)}` },
    { name: 'embedded: NBA*, great circle, class A rig', times: gcRig.times, note: same(gcRig.answers, altRig.answers) },
    { name: 'embedded: ngraph.path Dijkstra, car', times: plainCar.times, note: `same graph, no heuristic; ${same(plainCar.answers, altCar.answers)}` },
    { name: 'embedded: ngraph.path Dijkstra, class A rig', times: plainRig.times, note: same(plainRig.answers, altRig.answers) },
  ];
  await dijkstra.close();
  rows.push(...(await benchHierarchy(dir, store, pairs, warmup, [['car', car, altCar.answers], ['class A rig', classA, altRig.answers]])));
  await store.close();

  let pgNote = `left out: ${typeof pg === 'string' ? pg : 'no pairs asked for (--grid-pg-pairs 0)'}`;
  if (typeof pg !== 'string' && options.pgPairs > 0) {
    started = performance.now();
    await importRoads(pg.store, grid.source, 'grid', { name: GRID_NAME, generated: true });
    const pgImportSeconds = (performance.now() - started) / 1000;
    const some = pairs.slice(0, options.pgPairs);
    const pgCar = await run(pg.router, car, some);
    const pgRig = await run(pg.router, classA, some);
    rows.push(
      { name: 'PostgreSQL: pgRouting pgr_withPoints, car', times: pgCar.times, note: `${some.length} of the pairs; same cost as embedded: ${sameCosts(pgCar.answers, altCar.answers)}/${some.length}` },
      { name: 'PostgreSQL: pgRouting, class A rig', times: pgRig.times, note: `same cost as embedded: ${sameCosts(pgRig.answers, altRig.answers)}/${some.length}` },
      ...(await benchScaledOut(pg.store, pairs, warmup, [['car', car, altCar.answers], ['class A rig', classA, altRig.answers]])),
    );
    pgNote =
      `the first ${some.length} of the ${pairs.length} pairs (--grid-pg-pairs), ${warmup} warm-up routes; ` +
      `import into ${pg.where} ${pgImportSeconds.toFixed(0)} s (${((pgImportSeconds * perMillion) / 60).toFixed(1)} min per million edges), ` +
      `tables ${MiB(await pg.tableBytes())} with indexes`;
  }
  console.log(`\n${pairs.length} pairs of junctions ${Math.round(km * 0.95)} to ${Math.round(km * 1.05)} km apart (seed 37), ${warmup} warm-up routes each, load ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} CPUs\n`);
  console.log(table(rows));
  console.log(`\npgRouting on the grid: ${pgNote}`);
}
