// `npm run bench:load [-- --duration 60 --warmup 45 --connections 16]`: the production server (needs `npm run build`) under a
// bounded mixed load on loopback; prints throughput, latency, errors, statuses and the server's memory.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { readCredentials, samplePlaces } from './support/fixtures';
import { apiDetails, apiSearch, cpuSteal, explorerSearch, mix, run as runFor, summary, tokenRequest, type Pick } from './support/load-mix';
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

const run = (url: string, pick: Pick, seconds: number) => runFor(url, pick, seconds, connections);

async function main() {
  if (!fs.existsSync(path.join(ROOT, '.next', 'BUILD_ID'))) {
    console.error('error: no production build (.next/BUILD_ID missing): run `npm run build` first');
    process.exit(1);
  }
  const dataDir = path.join(ROOT, '.data', 'bench-load');
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.mkdirSync(path.dirname(dataDir), { recursive: true });
  // Every request comes from this one address: the per-visitor limit of the Explorer's handlers would measure itself.
  // The organization's client has the default budget (12,000 a minute): raised, so the run measures the server, not the limiter.
  const env = { NODE_ENV: 'production', DEMO: 'true', EXPLORER_RATE_PER_MINUTE: '1000000', PLACES_DEFAULT_RATE_PER_MINUTE: '10000000' };

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
