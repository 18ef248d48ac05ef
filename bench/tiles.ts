// `npm run bench:tiles`: how fast a tile is answered. The Vancouver extract (../shared/osm) is made into a map once
// (kept in .test-data/bench/tiles), then the same tiles, in a shuffled order, are read three ways: the MBTiles rows directly
// with better-sqlite3 (the baseline), through the tile store, and over HTTP from the real server (in this process,
// one request at a time on a kept-alive connection). With DATABASE_URL the PostgreSQL tile store is measured too.
// Then the demo road network, drawn when no map is imported: the time and memory of cutting it into tiles, and a tile
// of it answered the first time (cut from the index) and again (encoded before), beside the same baseline.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import Database from 'better-sqlite3';
import { createApp } from '@/lib/app/create-app';
import { loadConfig } from '@/lib/config/env';
import { importMap } from '@/lib/map/import/import-map';
import { MAP_FILE, openTileStore } from '@/lib/map/store';
import { SqliteTileStore } from '@/lib/map/store/sqlite/store';
import type { TileStore } from '@/lib/map/store/types';
import { NETWORK_ZOOMS, NetworkTiles } from '@/lib/map/network/network-tiles';
import { tileAt, tmsRow } from '@/lib/map/tile-path';
import { seedDemoRoads } from '@/lib/roads/demo/demo-roads';
import { SqliteRoadStore } from '@/lib/roads/store/sqlite/store';
import { BENCH_DIR } from './dataset';

const N = Number(process.env.BENCH_TILES ?? 20_000);
const EXTRACT = path.resolve(process.env.BENCH_EXTRACT ?? '../shared/osm/vancouver_canada.osm.pbf');
const DIR = path.join(BENCH_DIR, 'tiles');

type Tile = { z: number; x: number; y: number };

function percentiles(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
  return { p50: at(50), p99: at(99), max: sorted[sorted.length - 1] };
}

async function timed(work: (tile: Tile) => unknown, tiles: Tile[]): Promise<number[]> {
  for (const tile of tiles.slice(0, 500)) await work(tile);
  const samples: number[] = [];
  for (let i = 0; i < N; i++) {
    const t = process.hrtime.bigint();
    await work(tiles[i % tiles.length]);
    samples.push(Number(process.hrtime.bigint() - t) / 1e6);
  }
  return samples;
}

function get(agent: http.Agent, url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent, headers: { 'accept-encoding': 'gzip' } }, (res) => {
        let bytes = 0;
        res.on('data', (c: Buffer) => (bytes += c.length));
        res.on('end', () => (res.statusCode === 200 ? resolve(bytes) : reject(new Error(`${url}: ${res.statusCode}`))));
      })
      .on('error', reject);
  });
}

function row(name: string, samples: number[]) {
  const p = percentiles(samples);
  process.stdout.write(`${name.padEnd(44)} ${p.p50.toFixed(3).padStart(9)} ${p.p99.toFixed(3).padStart(9)} ${p.max.toFixed(2).padStart(9)}\n`);
}

async function main() {
  fs.mkdirSync(DIR, { recursive: true });
  const file = path.join(DIR, MAP_FILE);
  if (!fs.existsSync(file)) {
    process.stdout.write(`making the map of ${path.basename(EXTRACT)} ...\n`);
    const made = await importMap(new SqliteTileStore(file), EXTRACT, { dataDir: DIR });
    process.stdout.write(`${made.info.tileCount} tiles, ${(made.bytes / 1024 / 1024).toFixed(1)} MiB\n`);
  }
  const db = new Database(file, { readonly: true });
  const tiles = (db.prepare('SELECT zoom_level AS z, tile_column AS x, tile_row AS r FROM tiles').all() as { z: number; x: number; r: number }[]).map((t) => ({ z: t.z, x: t.x, y: tmsRow(t.z, t.r) }));
  for (let i = tiles.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [tiles[i], tiles[j]] = [tiles[j], tiles[i]];
  }
  // The server first: its start-up lines come before the table.
  const config = { ...loadConfig({ NODE_ENV: 'test' }), host: '127.0.0.1', port: 0, dataDir: DIR, demo: false, roadsDemo: false, placesSeedCount: 0, logRequests: false, database: null };
  const app = await createApp(config, { web: false });
  process.stdout.write(`\n${tiles.length} tiles of ${path.basename(EXTRACT)}, ${N} reads each way, ms:\n`);
  process.stdout.write(`${'way'.padEnd(44)} ${'p50'.padStart(9)} ${'p99'.padStart(9)} ${'max'.padStart(9)}\n`);

  const direct = db.prepare('SELECT tile_data FROM tiles WHERE zoom_level = ? AND tile_column = ? AND tile_row = ?');
  row('MBTiles row read directly (baseline)', await timed((t) => direct.get(t.z, t.x, tmsRow(t.z, t.y)), tiles));

  const store = new SqliteTileStore(file);
  row('tile store, SQLite (MBTiles)', await timed((t) => store.tile(t.z, t.x, t.y), tiles));
  await store.close();

  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  row('GET /tiles/{z}/{x}/{y}.pbf, server on SQLite', await timed((t) => get(agent, `${app.url}/tiles/${t.z}/${t.x}/${t.y}.pbf`), tiles));
  agent.destroy();
  await app.close();

  if (process.env.DATABASE_URL) {
    const pgStore: TileStore = await openTileStore({ ...loadConfig(), dataDir: DIR });
    await pgStore.replace(file);
    row('tile store, PostgreSQL', await timed((t) => pgStore.tile(t.z, t.x, t.y), tiles));
    await pgStore.close();
  }
  db.close();
  await benchNetworkTiles();
}

/** The demo roads cut into tiles: once, then every tile under the middle of 2,000 of its edges at each zoom. */
async function benchNetworkTiles() {
  const roads = SqliteRoadStore.open(path.join(DIR, 'demo-roads.sqlite'));
  if (!(await roads.current())) {
    process.stdout.write('\ngenerating the demo roads ...\n');
    await seedDemoRoads(roads);
  }
  const loaded = (await roads.load())!;
  const step = Math.max(1, Math.floor(loaded.edges.length / 2000));
  const network: Tile[] = [];
  for (let z = NETWORK_ZOOMS.min; z <= NETWORK_ZOOMS.max; z++) {
    for (let i = 0; i < loaded.edges.length; i += step) {
      const g = loaded.edges.geometry(i);
      network.push(tileAt(g[Math.floor(g.length / 2)][0], g[Math.floor(g.length / 2)][1], z));
    }
  }
  const unique = [...new Map(network.map((t) => [`${t.z}/${t.x}/${t.y}`, t])).values()];
  global.gc?.();
  const held = () => process.memoryUsage().heapUsed + process.memoryUsage().arrayBuffers;
  const heapBefore = held();
  const started = process.hrtime.bigint();
  const set = (await new NetworkTiles(() => roads).current())!;
  const cutMs = Number(process.hrtime.bigint() - started) / 1e6;
  global.gc?.();
  const heldMiB = (held() - heapBefore) / 2 ** 20;
  process.stdout.write(`\n${loaded.network.name}: ${loaded.edges.length} edges loaded and cut in ${cutMs.toFixed(0)} ms, ${global.gc ? `${heldMiB.toFixed(0)} MiB held` : 'memory held: run with node --expose-gc'}\n`);
  process.stdout.write(`${unique.length} tiles under its edges, zooms ${NETWORK_ZOOMS.min} to ${NETWORK_ZOOMS.max}, ms:\n`);
  const first: number[] = [];
  for (const t of unique) {
    const at = process.hrtime.bigint();
    set.tile(t.z, t.x, t.y);
    first.push(Number(process.hrtime.bigint() - at) / 1e6);
  }
  row('road network tile, first ask (cut, encoded)', first);
  row('road network tile, asked again', await timed((t) => set.tile(t.z, t.x, t.y), unique));
  await roads.close();
}

void main();
