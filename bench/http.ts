// `npm run bench:http [-- --backend postgres] [-- --limits memory,redis] [-- --dataset demo] [-- --travelers off,on]`:
// signed searches through the running server (a separate process) with autocannon, with the places in SQLite
// (default) or in the benchmark's PostgreSQL, once per limit store, side by side: the difference is the cost of a
// shared limit. `--travelers off,on` runs each without the travelers' reviews merged into the answers (the baseline)
// and with one review on every 200th place, the cost of counting them into each page.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { type ChildProcess, spawn } from 'node:child_process';
import readline from 'node:readline';
import autocannon from 'autocannon';
import Database from 'better-sqlite3';
import { signPlacesRequest } from '@/lib/places/auth/hmac';
import { mulberry32 } from '@/lib/places/dataset/prng';
import { type LocalRedis, startLocalRedis } from '@/scripts/redis/local-redis';
import { BENCH_DB, ensureBenchDataset } from './dataset';
import { ensurePostgresBench } from './postgres-dataset';

const DURATION = Number(process.env.BENCH_SECONDS ?? 15);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);

const { values: args } = parseArgs({
  options: {
    backend: { type: 'string', default: 'sqlite' },
    limits: { type: 'string', default: 'memory,redis' },
    // demo: the 20,000-place demo seed in a temporary directory instead of the 1,000,000-place store (minutes to build).
    dataset: { type: 'string', default: '1m' },
    travelers: { type: 'string', default: 'on' },
  },
});

interface Started {
  server: ChildProcess;
  url: string;
  client_id: string;
  secret_key: string;
  limits: string;
}

async function startBenchServer(env: NodeJS.ProcessEnv): Promise<Started> {
  // BENCH_PROFILE=1 writes a V8 CPU profile of the server to .test-data/bench/profiles (open it in Chrome DevTools).
  const profile = process.env.BENCH_PROFILE ? ['--cpu-prof', '--cpu-prof-dir=.test-data/bench/profiles'] : [];
  const server = spawn(process.execPath, [...profile, '--import', 'tsx', 'bench/http-server.ts'], { stdio: ['ignore', 'pipe', 'inherit'], env });
  // The server logs JSON lines first; the line with its URL says it is ready.
  const first = await new Promise<string>((resolve, reject) => {
    const lines = readline.createInterface({ input: server.stdout! });
    lines.on('line', (line) => {
      if (line.includes('"url"') && line.includes('"secret_key"')) {
        lines.close();
        resolve(line);
      }
    });
    server.once('exit', (code) => reject(new Error(`server exited (${code})`)));
  });
  server.stdout!.resume();
  return { server, ...(JSON.parse(first) as Omit<Started, 'server'>) };
}

/** Every 200th place of the dataset, for the travelers' reviews the server writes before it is driven. */
function reviewedPlaces(file: string): string {
  const db = new Database(file, { readonly: true });
  const ids = db.prepare('SELECT id FROM places_rtree WHERE id % 200 = 0').pluck().all() as number[];
  db.close();
  const out = path.join(os.tmpdir(), `bench-reviewed-${process.pid}.json`);
  fs.writeFileSync(out, JSON.stringify(ids));
  return out;
}

function centersOf(file: string, every: number): [number, number][] {
  const db = new Database(file, { readonly: true });
  const centers = db.prepare(`SELECT lon, lat FROM places_rtree WHERE id % ${every} = 0`).raw(true).all() as [number, number][];
  db.close();
  return centers;
}

async function main() {
  const demo = args.dataset === 'demo';
  const demoDir = demo ? fs.mkdtempSync(path.join(os.tmpdir(), 'bench-http-')) : null;
  const postgres = args.backend === 'postgres' ? await ensurePostgresBench(await ensureBenchDataset()) : null;
  if (!demo && !postgres) await ensureBenchDataset();
  const baseEnv: NodeJS.ProcessEnv = { ...process.env, ...(postgres ? { DATABASE_URL: postgres.url } : {}), ...(demoDir ? { BENCH_DATA_DIR: demoDir, PLACES_SEED_COUNT: '20000' } : {}) };
  delete baseEnv.REDIS_URL;
  process.stdout.write(`places in ${postgres ? 'PostgreSQL' : 'SQLite'}${demo ? ' (the 20,000-place demo seed)' : ''}\n`);

  const engines = args.limits.split(',').map((s) => s.trim());
  let redis: LocalRedis | null = null;
  const rows: { limits: string; travelers: string; label: string; rps: number; p50: number; p99: number; max: number; bad: number }[] = [];
  const sqliteFile = demoDir ? path.join(demoDir, 'places.sqlite') : BENCH_DB;
  const runs = engines.flatMap((engine) => args.travelers.split(',').map((travelers) => ({ engine, travelers: travelers.trim() })));
  let reviewed: string | null = null;
  for (const { engine, travelers } of runs) {
    if (engine === 'redis' && !process.env.REDIS_URL) redis ??= await startLocalRedis();
    const redisUrl = engine === 'redis' ? (process.env.REDIS_URL ?? redis!.url) : undefined;
    // The demo seed is written by the first server: the reviewed places are read from it once it exists.
    if (travelers === 'on' && !reviewed && fs.existsSync(sqliteFile)) reviewed = reviewedPlaces(sqliteFile);
    const travelerEnv = travelers === 'off' ? { BENCH_TRAVELERS: 'off' } : reviewed ? { BENCH_REVIEWED_PLACES: reviewed } : {};
    const started = await startBenchServer({ ...baseEnv, ...travelerEnv, ...(redisUrl ? { REDIS_URL: redisUrl } : {}) });
    const { url, client_id, secret_key } = started;
    const sign = (p: string) => ({
      method: 'GET' as const,
      path: p,
      headers: { 'svc-org-app-client-id': client_id, 'svc-org-app-hmac': signPlacesRequest(p, secret_key) },
    });
    // Pre-signed requests around places drawn from the dataset (so dense where places are dense), radii 10 to 200 km,
    // a third of them with a tag filter.
    const rng = mulberry32(7);
    const centers = demoDir ? centersOf(path.join(demoDir, 'places.sqlite'), 97) : centersOf(BENCH_DB, 997);
    const requests = Array.from({ length: 2000 }, () => {
      const [lon, lat] = centers[Math.floor(rng() * centers.length)];
      const radius = [10_000, 50_000, 200_000][Math.floor(rng() * 3)];
      const tag = rng() < 0.3 ? '&tags=restaurants' : '';
      return sign(`/api/v2/search?center=${lon.toFixed(4)},${lat.toFixed(4)}&radius=${radius}${tag}&limit=10`);
    });
    const drive = async (label: string, list: ReturnType<typeof sign>[], seconds: number) => {
      let next = 0;
      const setupRequest = (req: object) => ({ ...req, ...list[next++ % list.length] });
      const r = await autocannon({ url, connections: CONNECTIONS, duration: seconds, requests: [{ setupRequest }] });
      return { limits: engine, travelers, label, rps: r.requests.mean, p50: r.latency.p50, p99: r.latency.p99, max: r.latency.max, bad: r.errors + r.timeouts + r.non2xx };
    };

    process.stdout.write(`limits in ${started.limits}, travelers' reviews ${travelers}: warming up for 5 s...\n`);
    await drive('warm-up', requests, 5);
    process.stdout.write(`driving ${url} for ${DURATION} s per row with ${CONNECTIONS} connections...\n`);
    // The baseline: the same server, signature check, limit and JSON path on the smallest signed endpoint, so the
    // difference between the rows is the search itself.
    rows.push(await drive('signed search (10-200 km, 30% tag)', requests, DURATION));
    rows.push(await drive('baseline: signed GET /api/v2/tags', [sign('/api/v2/tags')], DURATION));
    started.server.kill('SIGTERM');
    await new Promise((resolve) => started.server.once('exit', resolve));
  }
  await redis?.stop();
  postgres?.stop();
  if (demoDir) fs.rmSync(demoDir, { recursive: true, force: true });

  if (reviewed) fs.rmSync(reviewed, { force: true });
  const head = `\n${'limits'.padEnd(7)} ${'reviews'.padEnd(8)} ${'endpoint'.padEnd(36)} ${'req/s'.padStart(7)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'max ms'.padStart(7)} ${'errors'.padStart(7)}\n`;
  process.stdout.write(head);
  for (const r of rows) {
    process.stdout.write(
      `${r.limits.padEnd(7)} ${r.travelers.padEnd(8)} ${r.label.padEnd(36)} ${r.rps.toFixed(0).padStart(7)} ${String(r.p50).padStart(7)} ${String(r.p99).padStart(7)} ${String(r.max).padStart(7)} ${String(r.bad).padStart(7)}\n`,
    );
  }
  process.exit(rows.some((r) => r.bad) ? 1 : 0);
}

void main();
