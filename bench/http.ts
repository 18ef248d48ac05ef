// `npm run bench:http`: signed searches through the running server (a separate process) with autocannon.
import { spawn } from 'node:child_process';
import readline from 'node:readline';
import autocannon from 'autocannon';
import Database from 'better-sqlite3';
import { signPlacesRequest } from '@/lib/places/auth/hmac';
import { mulberry32 } from '@/lib/places/dataset/prng';
import { BENCH_DB } from './dataset';

const DURATION = Number(process.env.BENCH_SECONDS ?? 15);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);

async function main() {
  const server = spawn(process.execPath, ['--import', 'tsx', 'bench/http-server.ts'], { stdio: ['ignore', 'pipe', 'inherit'] });
  const first = await new Promise<string>((resolve, reject) => {
    readline.createInterface({ input: server.stdout! }).once('line', resolve);
    server.once('exit', (code) => reject(new Error(`server exited (${code})`)));
  });
  const { url, client_id, secret_key } = JSON.parse(first) as { url: string; client_id: string; secret_key: string };

  // Pre-signed requests around places drawn from the dataset (so dense where places are dense), radii 10 to 200 km,
  // a third of them with a tag filter.
  const rng = mulberry32(7);
  const db = new Database(BENCH_DB, { readonly: true });
  const centers = db.prepare('SELECT lon, lat FROM places_rtree WHERE id % 997 = 0').raw(true).all() as [number, number][];
  db.close();
  const requests = Array.from({ length: 2000 }, () => {
    const [lon, lat] = centers[Math.floor(rng() * centers.length)];
    const radius = [10_000, 50_000, 200_000][Math.floor(rng() * 3)];
    const tag = rng() < 0.3 ? '&tags=restaurants' : '';
    const path = `/api/v2/search?center=${lon.toFixed(4)},${lat.toFixed(4)}&radius=${radius}${tag}&limit=10`;
    return { method: 'GET' as const, path, headers: { 'content-type': 'application/json', 'svc-org-app-client-id': client_id, 'svc-org-app-hmac': signPlacesRequest(path, secret_key) } };
  });

  let next = 0;
  const setupRequest = (req: object) => ({ ...req, ...requests[next++ % requests.length] });
  process.stdout.write(`warming up for 5 s...\n`);
  await autocannon({ url, connections: CONNECTIONS, duration: 5, requests: [{ setupRequest }] });
  process.stdout.write(`driving ${url} for ${DURATION} s with ${CONNECTIONS} connections...\n`);
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: DURATION,
    requests: [{ setupRequest }],
  });
  server.kill('SIGTERM');

  const non2xx = result.non2xx;
  process.stdout.write(
    `\nrequests/s: mean ${result.requests.mean.toFixed(0)}, total ${result.requests.total}\n` +
      `latency ms: p50 ${result.latency.p50}, p99 ${result.latency.p99}, max ${result.latency.max}\n` +
      `errors: ${result.errors}, timeouts: ${result.timeouts}, non-2xx: ${non2xx}\n`,
  );
  process.exit(result.errors || non2xx || result.timeouts ? 1 : 0);
}

void main();
