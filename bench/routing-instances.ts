// `npm run bench:routing-instances -- --pg-dir DIR --store GRID.sqlite --hierarchy FILE [--edges 25000000]
// [--pairs 100] [--instances 2]`: the scaled-out shape at a country's size, on the same long pairs as the embedded
// rows of `npm run bench:routing -- --grid-only --grid-edges N --grid-store GRID.sqlite --grid-prepared DIR
// --grid-contract`, which made GRID.sqlite and the hierarchy FILE (with its graph beside it). A local PostgreSQL is kept
// in DIR between runs (the grid's import takes 16 minutes at 25M edges): on the first run the grid is imported into it
// and the graph and hierarchy prepared on SQLite are put in `road_prepared` (an import numbers the same rows the same
// on every engine; `npm run roads:import` would contract them again, 40 minutes). Then, as a baseline in the same run,
// an instance on the SQLite store and its files; then INSTANCES processes that start at once on PostgreSQL (each reads
// the graph and hierarchy from the database), wait for each other, and route the pairs at the same time: each one's
// start, longest hold, memory and routes, and the database's CPU meanwhile. With `--pgrouting-pairs N`, pgRouting
// then routes the first N pairs on the same database (one at a time, each within `--pgrouting-timeout-s`).
import { fork } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { importRoads } from '@/lib/roads/import/import-roads';
import { PostgresPreparedShelf } from '@/lib/roads/router/ch/postgres-shelf';
import { PgRoutingRouter } from '@/lib/roads/router/pgrouting/router';
import { fileShelf } from '@/lib/roads/router/ch/shelf';
import { GraphRouter } from '@/lib/roads/router/graph-router';
import { LANDMARK_COUNT } from '@/lib/roads/router/landmarks';
import { preparedForNetwork, preparedGraphFor } from '@/lib/roads/router/prepared-for';
import type { RouteAnswer } from '@/lib/roads/router/types';
import { PostgresRoadStore } from '@/lib/roads/store/postgres/store';
import { SqliteRoadStore } from '@/lib/roads/store/sqlite/store';
import { keptLocalDatabase, stopServer } from '@/scripts/db/local-postgres';
import { serverCpuSeconds } from './process-cpu';
import { gridNetwork, longGridPairs } from './routing-grid-source';
import { routeAll, VEHICLES } from './routing-long-routes';
import { MiB, type Row, sameCosts, table, timed, watched } from './routing-timing';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    'pg-dir': { type: 'string' },
    store: { type: 'string' },
    hierarchy: { type: 'string' },
    edges: { type: 'string', default: '25000000' },
    pairs: { type: 'string', default: '100' },
    instances: { type: 'string', default: '2' },
    'pgrouting-pairs': { type: 'string', default: '0' },
    'pgrouting-timeout-s': { type: 'string', default: '1800' },
  },
});
const DATABASE = 'bench_roads';

/** What an instance reports: its start, then its routes. */
type Report = { started: string } | { rows: Row[]; answers: RouteAnswer[][]; rss: number };

/** The grid imported and its graph and hierarchy kept in the database, unless a run before did it. */
async function ensurePrepared(url: string, storeFile: string, hierarchyFile: string, edges: number): Promise<void> {
  const store = await PostgresRoadStore.open({ primaryUrl: url, poolSize: 2, statementTimeoutMs: 3_600_000 });
  const sqlite = SqliteRoadStore.open(storeFile);
  try {
    const source = await sqlite.current();
    if (!source) throw new Error(`${storeFile} holds no road network: run the grid bench with --grid-store first`);
    let network = await store.current();
    if (!network || network.edgeCount !== source.edgeCount) {
      const started = performance.now();
      network = (await importRoads(store, gridNetwork(edges).source, 'grid', { name: source.name, generated: true })).network;
      console.log(`imported ${network.edgeCount} edges into PostgreSQL in ${((performance.now() - started) / 1000).toFixed(0)} s`);
    }
    const shelf = new PostgresPreparedShelf(store);
    if ((await shelf.keptBytes(network.id)) !== null) return;
    const files = fileShelf(hierarchyFile);
    const graph = await files.readGraph(source.id, preparedGraphFor(source, LANDMARK_COUNT));
    const hierarchy = await files.read(source.id, preparedForNetwork(source));
    if (!graph || !hierarchy) throw new Error(`no graph and hierarchy kept beside ${hierarchyFile}: run the grid bench with --grid-contract first`);
    (graph.built as { networkId: number }).networkId = network.id;
    const started = performance.now();
    await shelf.writeGraph(network.id, graph, preparedGraphFor(network, LANDMARK_COUNT));
    await shelf.write(network.id, hierarchy, preparedForNetwork(network));
    console.log(`graph and hierarchy put in road_prepared in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  } finally {
    await sqlite.close();
    await store.close();
  }
}

/** One instance, in a process of its own: starts, says so, waits for the word, routes, reports. */
async function instance(name: string, where: string, hierarchyFile: string | undefined, edges: number, pairCount: number) {
  const send = (report: Report) => new Promise<void>((resolve) => process.send!(report, () => resolve()));
  const word = () => new Promise<void>((resolve) => process.once('message', () => resolve()));
  const go = word();
  const onPg = where.startsWith('postgres');
  const store = onPg ? await PostgresRoadStore.open({ primaryUrl: where, poolSize: 2 }) : SqliteRoadStore.open(where);
  const router = new GraphRouter(store, onPg ? { hierarchyShelf: new PostgresPreparedShelf(store as PostgresRoadStore) } : { hierarchyFile });
  const { seconds, heldMs, longestGcMs } = await watched(async () => {
    await router.warm();
    if ((await router.graphSource()) !== 'read' || !(await router.hierarchyReady())) throw new Error(`${name} did not read the kept graph and hierarchy: the log above says why`);
  });
  await send({
    started: `${seconds.toFixed(1)} s, event loop held ${heldMs.toFixed(0)} ms at most (longest collection ${longestGcMs.toFixed(0)} ms), ${MiB(process.memoryUsage().rss)} resident`,
  });
  const { pairs } = longGridPairs(gridNetwork(edges), pairCount);
  await go;
  const { rows, answers } = await routeAll(router, pairs, name);
  // Connections kept open until the parent has read the database's CPU time.
  const close = word();
  await send({ rows, answers, rss: process.memoryUsage().rss });
  await close;
  await router.close();
  await store.close();
}

/**
 * Starts `names.length` instances at once, lets them route together once all have started, and gathers their reports
 * with the database's CPU time while they routed.
 */
async function instances(names: string[], where: string, hierarchyFile: string | undefined, serverDir: string) {
  let startedCount = 0;
  let cpuBefore = 0;
  // `--import tsx` rather than tsx's own flags: started under tsx's command line, an instance's start held its event
  // loop 250 to 340 ms where the same start under `node --import tsx` held 60 to 80.
  const children = names.map((name) => fork(process.argv[1], ['instance', name, where, hierarchyFile ?? '', values.edges!, values.pairs!], { execArgv: ['--import', 'tsx'] }));
  const reports = children.map(
    (child, i) =>
      new Promise<{ started: string; routed: Extract<Report, { rows: Row[] }> }>((resolve, reject) => {
        let started = '';
        child.on('message', (report: Report) => {
          if ('started' in report) {
            started = report.started;
            startedCount += 1;
            if (startedCount < children.length) return;
            cpuBefore = serverCpuSeconds(serverDir);
            children.forEach((c) => c.send('go'));
          } else resolve({ started, routed: report });
        });
        child.on('exit', (code) => reject(new Error(`${names[i]} ended (exit ${code}) before it reported its routes`)));
      }),
  );
  const routed = await Promise.all(reports);
  const databaseCpuS = serverCpuSeconds(serverDir) - cpuBefore;
  children.forEach((c) => c.send('close'));
  return { routed, databaseCpuS };
}

async function main() {
  if (positionals[0] === 'instance') {
    const [, name, where, hierarchyFile, edges, pairCount] = positionals;
    return instance(name, where, hierarchyFile || undefined, Number(edges), Number(pairCount));
  }
  const [dir, storeFile, hierarchyFile] = [values['pg-dir'], values.store, values.hierarchy];
  if (!dir || !storeFile || !hierarchyFile) throw new Error('give --pg-dir, --store and --hierarchy (see the comment at the top of bench/routing-instances.ts)');
  const { cluster, url, started } = await keptLocalDatabase(dir, DATABASE);
  try {
    await ensurePrepared(url, storeFile, hierarchyFile, Number(values.edges));
    await benchInstances(storeFile, hierarchyFile, url, path.join(cluster.dir, 'primary'));
  } finally {
    // Only a server this run started is stopped: one already running may be serving someone else.
    if (started) stopServer(cluster, 'primary');
  }
}

/** The SQLite baseline, then the PostgreSQL instances routing together, side by side. */
async function benchInstances(storeFile: string, hierarchyFile: string, url: string, serverDir: string) {
  const { routed: [baseline] } = await instances(['SQLite: one instance'], storeFile, hierarchyFile, serverDir);
  const count = Number(values.instances);
  const names = Array.from({ length: count }, (_, i) => `PostgreSQL: instance ${i + 1} of ${count}`);
  const scaled = await instances(names, url, undefined, serverDir);
  const rows: Row[] = [...baseline.routed.rows];
  console.log(`\nSQLite: one instance: started in ${baseline.started}`);
  for (const { started, routed } of scaled.routed) {
    rows.push(...routed.rows.map((row, v) => ({ ...row, note: `${row.note}; same cost as SQLite: ${sameCosts(routed.answers[v], baseline.routed.answers[v])}/${routed.answers[v].length}` })));
    console.log(`${routed.rows[0].name.split(',')[0]}: started in ${started}; ${MiB(routed.rss)} resident after its routes`);
  }
  console.log(`PostgreSQL's processes used ${scaled.databaseCpuS.toFixed(1)} s of CPU while the ${count} instances routed`);
  rows.push(...(await benchPgRouting(url, serverDir, baseline.routed.answers)));
  console.log(`\n${values.pairs} pairs, ${count} PostgreSQL instances routing at the same time, ${os.cpus().length} CPUs, load ${os.loadavg()[0].toFixed(1)}\n${table(rows)}`);
}

/** pgRouting on the first `--pgrouting-pairs` pairs, a car then a class A rig, beside the SQLite instance's costs. */
async function benchPgRouting(url: string, serverDir: string, baseline: RouteAnswer[][]): Promise<Row[]> {
  const count = Number(values['pgrouting-pairs']);
  if (!count) return [];
  const store = await PostgresRoadStore.open({ primaryUrl: url, poolSize: 2, statementTimeoutMs: Number(values['pgrouting-timeout-s']) * 1000 });
  const router = new PgRoutingRouter(store);
  const { pairs } = longGridPairs(gridNetwork(Number(values.edges)), count);
  const rows: Row[] = [];
  try {
    for (const [v, [name, vehicle]] of VEHICLES.entries()) {
      const cpuBefore = serverCpuSeconds(serverDir);
      const run = await timed(pairs, 0, (from, to) => router.route(from, to, vehicle));
      const each = run.times.map((ms) => `${(ms / 1000).toFixed(0)} s`).join(', ');
      const note = `the first ${count} pairs, one at a time (${each}); the database's CPU ${(serverCpuSeconds(serverDir) - cpuBefore).toFixed(0)} s; same cost as SQLite: ${sameCosts(run.answers, baseline[v].slice(0, count))}/${count}`;
      rows.push({ name: `PostgreSQL: pgRouting, ${name}`, times: run.times, note });
    }
  } finally {
    await router.close();
    await store.close();
  }
  return rows;
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
