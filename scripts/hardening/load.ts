// `npm run bench:load [-- --duration 60 --warmup 45 --connections 16]`: the production server (needs `npm run build`) under a
// bounded mixed load on loopback; prints throughput, latency, errors, statuses and the server's memory.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon, { type RequestSpec, type Result } from 'autocannon';
import { readCredentials, samplePlaces, signedHeaders, type PlacesClient, type Sample } from './support/fixtures';
import { memoryMiB, ROOT, startServer, type ServerProcess } from './support/server-process';

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '60' },
    // On this machine the heaps grow to their working size during the first ~50 s of load (measured: a plateau after
    // that, flat to 0.5% over the last 30 s of a 60 s mix); a shorter warm-up measures that growth, not a leak.
    warmup: { type: 'string', default: '45' },
    solo: { type: 'string', default: '10' },
    connections: { type: 'string', default: '16' },
  },
});
const duration = Number(values.duration);
const warmup = Number(values.warmup);
const solo = Number(values.solo);
const connections = Number(values.connections);

type Pick = () => RequestSpec;

/** Share of CPU time stolen by the hypervisor since the call, from /proc/stat: a noisy-neighbour gauge. */
function cpuSteal(): () => string {
  const read = () => {
    const cpu = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
    return { total: cpu.slice(0, 8).reduce((a, b) => a + b, 0), steal: cpu[7] ?? 0 };
  };
  const start = read();
  return () => {
    const end = read();
    return end.total > start.total ? (((end.steal - start.steal) / (end.total - start.total)) * 100).toFixed(1) : '0.0';
  };
}

const pickFrom = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)];
const TAGS = ['', '&tags=restaurants', '&tags=campgrounds,!lodging', '&sort=relevance&name=park', '&sort=rating', '&min_fidelity=3'];

function apiSearch(sample: Sample, client: PlacesClient, radii = [2_000, 10_000, 50_000, 200_000]): Pick {
  // A fixed pool of signed targets: signing per request would load the client, not the server.
  const pool = Array.from({ length: 500 }, () => {
    const [lon, lat] = pickFrom(sample.centers);
    const radius = pickFrom(radii);
    const target = `/api/v2/search?center=${lon.toFixed(4)},${lat.toFixed(4)}&radius=${radius}&limit=20${pickFrom(TAGS)}`;
    return { method: 'GET', path: target, headers: signedHeaders(target, client) };
  });
  return () => pickFrom(pool);
}

function apiDetails(sample: Sample, client: PlacesClient): Pick {
  const pool = sample.ids.map((id) => {
    const target = `/api/v2/canonical_places/${id}`;
    return { method: 'GET', path: target, headers: signedHeaders(target, client) };
  });
  return () => pickFrom(pool);
}

function explorerSearch(sample: Sample): Pick {
  return () => {
    const [lon, lat] = pickFrom(sample.centers);
    const radius = pickFrom([2_000, 10_000, 50_000]);
    return { method: 'GET', path: `/api/places/search?center=${lon.toFixed(4)},${lat.toFixed(4)}&radius=${radius}&limit=20` };
  };
}

function tokenRequest(clientId: string, secret: string): Pick {
  const spec: RequestSpec = {
    method: 'POST',
    path: '/identity/connect/token',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      authorization: `Basic ${Buffer.from(`${encodeURIComponent(clientId)}:${encodeURIComponent(secret)}`).toString('base64')}`,
    },
    body: 'grant_type=client_credentials',
  };
  return () => spec;
}

/** Weighted choice among request kinds. */
function mix(parts: [number, Pick][]): Pick {
  const total = parts.reduce((s, [w]) => s + w, 0);
  return () => {
    let r = Math.random() * total;
    for (const [w, pick] of parts) if ((r -= w) < 0) return pick();
    return parts[parts.length - 1][1]();
  };
}

async function run(url: string, pick: Pick, seconds: number): Promise<Result> {
  return autocannon({
    url,
    connections,
    duration: seconds,
    timeout: 10,
    requests: [{ setupRequest: (req) => ({ ...req, ...pick() }) }],
  });
}

function summary(label: string, r: Result) {
  const statuses = Object.entries(r.statusCodeStats)
    .map(([s, { count }]) => `${s}:${count}`)
    .join(' ');
  const non2xxByStatus = Object.entries(r.statusCodeStats).filter(([s]) => !s.startsWith('2'));
  console.log(
    `${label.padEnd(34)} ${r.requests.average.toFixed(0).padStart(6)} req/s  p50 ${String(r.latency.p50).padStart(4)} ms  p99 ${String(r.latency.p99).padStart(5)} ms  ` +
      `requests ${r.requests.total}  errors ${r.errors}  timeouts ${r.timeouts}  non-2xx ${r.non2xx}${non2xxByStatus.length ? ` (${non2xxByStatus.map(([s, { count }]) => `${s}:${count}`).join(' ')})` : ''}  [${statuses}]`,
  );
}

async function main() {
  if (!fs.existsSync(path.join(ROOT, '.next', 'BUILD_ID'))) {
    console.error('error: no production build (.next/BUILD_ID missing): run `npm run build` first');
    process.exit(1);
  }
  const dataDir = path.join(ROOT, '.data', 'bench-load');
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.mkdirSync(path.dirname(dataDir), { recursive: true });
  // Every request comes from this one address: the per-visitor limit of the Explorer's handlers would measure itself.
  const env = { NODE_ENV: 'production', DEMO: 'true', EXPLORER_RATE_PER_MINUTE: '1000000' };

  // First start seeds the data directory and its generated credentials; the second start points the Explorer's
  // route handlers at an organization's client (the public one is rate-limited to 600/min by design).
  console.log('seeding a fresh data directory (first start) ...');
  let server: ServerProcess = await startServer({ dataDir, env });
  const creds = readCredentials(dataDir);
  await server.stop();
  const org = creds.places_api_clients?.[0];
  const tester = creds.oidc_clients?.find((c) => c.client_id === 'oidc-test-client');
  if (!org || !creds.places_api || !tester) throw new Error('demo credentials incomplete: need places_api, places_api_clients and oidc-test-client');

  server = await startServer({ dataDir, env: { ...env, PLACES_API_CLIENT_ID: org.client_id, PLACES_API_SECRET_KEY: org.secret_key } });
  try {
    const pid = server.child.pid!;
    const sample = await samplePlaces(server.url, org);
    const mem = { start: memoryMiB(pid), warm: memoryMiB(pid), end: memoryMiB(pid) };
    const steal = cpuSteal();
    console.log(`server ${server.url} pid ${pid}; ${sample.ids.length} sample places; ${connections} connections`);

    const parts = {
      apiSearch: apiSearch(sample, org),
      apiDetails: apiDetails(sample, org),
      explorer: explorerSearch(sample),
      token: tokenRequest(tester.client_id, tester.client_secret),
    };
    const theMix = mix([
      [40, parts.apiSearch],
      [25, parts.apiDetails],
      [25, parts.explorer],
      [10, parts.token],
    ]);

    console.log(`warm-up ${warmup} s, then the mix for ${duration} s (40% signed search, 25% details, 25% Explorer route, 10% token)`);
    summary('warm-up (mix)', await run(server.url, theMix, warmup));
    mem.warm = memoryMiB(pid);
    // Memory every 10 s of the mix: a plateau is warm-up, a steady climb is a leak. Anonymous memory is the heaps;
    // file-backed pages are mostly SQLite's memory-mapped database, bounded by the file's size.
    const series = [mem.warm];
    const sampler = setInterval(() => series.push(memoryMiB(pid)), 10_000);
    const main = await run(server.url, theMix, duration);
    clearInterval(sampler);
    mem.end = memoryMiB(pid);
    summary('MIX', main);
    series.push(mem.end);
    console.log(`memory MiB every 10 s of the mix, rss = anonymous + file-backed: ${series.map((m) => `${m.rss} = ${m.anon} + ${m.file}`).join(', ')}`);

    console.log(`each alone for ${solo} s:`);
    summary('Place API search (signed)', await run(server.url, parts.apiSearch, solo));
    for (const radius of [2_000, 200_000]) summary(`Place API search, ${radius / 1000} km only`, await run(server.url, apiSearch(sample, org, [radius]), Math.min(solo, 5)));
    summary('Place API details (signed)', await run(server.url, parts.apiDetails, solo));
    summary('Explorer /api/places/search', await run(server.url, parts.explorer, solo));
    summary('token (client_credentials)', await run(server.url, parts.token, solo));
    // Next's floor on this machine: its cheapest route handler (no cookie, no upstream call).
    summary('Next route floor: /api/session', await run(server.url, () => ({ method: 'GET', path: '/api/session' }), Math.min(solo, 5)));
    summary('mix without the Explorer route', await run(server.url, mix([[40, parts.apiSearch], [25, parts.apiDetails], [10, parts.token]]), solo));
    const publicClient = creds.places_api;
    summary('Place API search, public client', await run(server.url, apiSearch(sample, publicClient), Math.min(solo, 5)));

    const growth = (from: number, to: number) => {
      const pct = from ? ((to - from) / from) * 100 : 0;
      return `${pct >= 0 ? '+' : ''}${pct.toFixed(1)}%`;
    };
    console.log(`RSS MiB: start ${mem.start.rss}, after warm-up ${mem.warm.rss}, end of the mix ${mem.end.rss} (${growth(mem.warm.rss, mem.end.rss)} after warm-up)`);
    console.log(`  anonymous (heaps): ${mem.start.anon}, ${mem.warm.anon}, ${mem.end.anon} (${growth(mem.warm.anon, mem.end.anon)}); file-backed: ${mem.start.file}, ${mem.warm.file}, ${mem.end.file} (${growth(mem.warm.file, mem.end.file)})`);
    // Two snapshots land anywhere on the garbage collector's sawtooth; the peaks of the two halves of the mix compare
    // like with like, so growth between them is growth, not the phase of a collection.
    const half = Math.ceil(series.length / 2);
    const peak = (list: typeof series, key: 'rss' | 'anon') => Math.max(...list.map((m) => m[key]));
    for (const key of ['rss', 'anon'] as const) {
      const first = peak(series.slice(0, half), key);
      const second = peak(series.slice(half), key);
      console.log(`  peak ${key === 'rss' ? 'RSS' : 'anonymous'} in the first half of the mix ${first}, in the second half ${second} (${growth(first, second)})`);
    }
    console.log(`CPU steal during the run (time the host gave to other machines): ${steal()}%`);
    const ok = main.errors === 0 && main.timeouts === 0 && !Object.keys(main.statusCodeStats).some((s) => s.startsWith('5'));
    console.log(ok ? 'no errors, no 5xx in the mix' : 'FAILED: errors, timeouts or 5xx in the mix');
    process.exitCode = ok ? 0 : 1;
  } finally {
    await server.stop();
  }
}

main().catch((err) => {
  console.error(`error: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
