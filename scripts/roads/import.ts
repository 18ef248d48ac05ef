// `npm run roads:import -- FILE [--name "Colorado"] [--db FILE]`: reads an OpenStreetMap extract (.osm, .osm.pbf,
// .osm.bz2, through osmium-tool) or GeoJSON road lines and makes it the road network that answers, all or nothing.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import cliProgress from 'cli-progress';
import { loadConfig } from '@/lib/config/env';
import { openDataDir } from '@/lib/core/data-dir';
import { importRoads, type ImportSummary } from '@/lib/roads/import/import-roads';
import { openRoadSource } from '@/lib/roads/import/open-source';
import { RoadImportError } from '@/lib/roads/import/types';
import type { PreparedShelf } from '@/lib/roads/router/ch/shelf';
import { GraphRouter } from '@/lib/roads/router/graph-router';
import { hierarchyShelfFor, openRoadStore, ROADS_FILE, ROADS_HIERARCHY_FILE } from '@/lib/roads/store';
import { SqliteRoadStore } from '@/lib/roads/store/sqlite/store';
import type { RoadStore } from '@/lib/roads/store/types';

const { values, positionals } = parseArgs({ options: { name: { type: 'string' }, db: { type: 'string' } }, allowPositionals: true });
if (positionals.length !== 1) {
  process.stderr.write('usage: npm run roads:import -- FILE(.osm.pbf|.osm|.osm.bz2|.geojson) [--name "Colorado"] [--db roads.sqlite]\n');
  process.exit(2);
}
const file = positionals[0];

function progress() {
  if (!process.stdout.isTTY) return { update() {}, stop() {} };
  const bar = new cliProgress.MultiBar(
    { hideCursor: true, format: '{phase} [{bar}] {value}/{total} {unit}, {rate}/s, {eta_formatted} left' },
    cliProgress.Presets.shades_classic,
  );
  const bars = new Map<string, { bar: cliProgress.SingleBar; started: number }>();
  return {
    update(phase: 'reading' | 'writing', done: number, total: number | null) {
      let shown = bars.get(phase);
      if (!shown) {
        // The first reading counts junctions and learns the number of lines only at its end: that bar counts up.
        const [name, format] = phase === 'reading' ? ['junctions', '{phase} {value} {unit}, {rate}/s'] : ['edges', undefined];
        shown = { bar: bar.create(total ?? 0, 0, { phase: name, unit: 'lines', rate: 0 }, format ? { format } : {}), started: Date.now() };
        bars.set(phase, shown);
      }
      const rate = Math.round(done / Math.max(0.001, (Date.now() - shown.started) / 1000));
      shown.bar.update(done, { rate });
    },
    stop: () => bar.stop(),
  };
}

function summary(s: ImportSummary, seconds: number): string {
  const n = s.network;
  const mib = (bytes: number) => `${Math.round(bytes / 2 ** 20)} MiB`;
  const lines = [
    `imported "${n.name}" (${n.source}) in ${seconds.toFixed(1)} s: ${n.edgeCount} edges, ${n.nodeCount} junctions and ends, ${s.lengthKm < 10 ? s.lengthKm.toFixed(1) : Math.round(s.lengthKm)} km of road`,
    `${Math.round(n.edgeCount / seconds)} edges/s, read twice (junctions, then edges); peak memory ${mib(process.resourceUsage().maxRSS * 1024)}, of it counting the vertices and the table of junctions ${mib(s.junctionTableBytes)}`,
    `read ${s.waysRead} lines; ${s.waysSkipped} are not roads a vehicle drives (footways, paths, areas...) and were left out`,
  ];
  const tags = Object.keys(s.unreadable.counts).sort();
  if (!tags.length) lines.push('every limit, speed and access value was read');
  else {
    lines.push('values that could not be read (the roads are kept without them):');
    for (const tag of tags) lines.push(`  ${tag}: ${s.unreadable.counts[tag]} (e.g. ${s.unreadable.examples[tag].map((v) => JSON.stringify(v)).join(', ')})`);
  }
  return `${lines.join('\n')}\n`;
}

/**
 * Builds the network's graph and contracts its hierarchy now, onto the shelf the server reads at start (files beside
 * SQLite, PostgreSQL for every instance), rather than at the server's start.
 */
async function prepareHierarchyNow(store: RoadStore, shelf: PreparedShelf, networkId: number) {
  const started = Date.now();
  const router = new GraphRouter(store, { hierarchyShelf: shelf });
  try {
    if (!(await router.hierarchyReady())) throw new Error(`could not prepare the router's contraction hierarchy in ${shelf.describe()}; the server prepares it at start`);
  } finally {
    await router.close();
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const bytes = await shelf.keptBytes(networkId);
  if (bytes === null) {
    process.stdout.write(`prepared the router's graph and contraction hierarchy in ${seconds} s but could not keep them (the warning above says why): the server prepares them again at start\n`);
    return;
  }
  process.stdout.write(`prepared the router's graph and contraction hierarchy in ${seconds} s: ${shelf.describe()} (hierarchy ${(bytes / 2 ** 20).toFixed(1)} MiB), read at start\n`);
}

async function main(): Promise<number> {
  const source = openRoadSource(file);
  const config = loadConfig();
  const dbFile = path.resolve(values.db ?? path.join(config.dataDir, ROADS_FILE));
  fs.mkdirSync(path.dirname(dbFile), { recursive: true });
  // With DATABASE_URL the network goes to PostgreSQL, where every instance reads it; --db names a SQLite file instead.
  const store = config.database && !values.db ? await openRoadStore(config, openDataDir(config.dataDir)) : SqliteRoadStore.open(dbFile);
  const bar = progress();
  const started = Date.now();
  try {
    const result = await importRoads(store, source, file, { name: values.name, onProgress: bar.update });
    bar.stop();
    process.stdout.write(summary(result, (Date.now() - started) / 1000));
    const shelf = await hierarchyShelfFor(store, config, path.join(path.dirname(dbFile), ROADS_HIERARCHY_FILE));
    if (shelf) await prepareHierarchyNow(store, shelf, result.network.id);
    return 0;
  } finally {
    bar.stop();
    await store.close();
  }
}

// Stopped midway (Ctrl-C), the import exits through Node's exit, which removes its temporary files; the store's
// transaction is rolled back, so nothing changed.
for (const [signal, code] of [['SIGINT', 130], ['SIGTERM', 143]] as const) process.once(signal, () => process.exit(code));

main().then(
  (code) => process.exit(code),
  (err) => {
    process.stderr.write(`${err instanceof RoadImportError ? '' : 'error: '}${(err as Error).message}\n`);
    process.exit(1);
  },
);
