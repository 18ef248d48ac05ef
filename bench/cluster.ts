// `npm run bench:cluster [-- --duration 30 --warmup 20 --connections 32]`: the scaled-out shape (PostgreSQL primary +
// replica, Redis, two app instances, nginx) driven through its balancer with the load mix of `bench:load`, first with
// the balancer sending everything to one instance, then to both, in one run. Needs `npm run build` and Debian's
// PostgreSQL, PostGIS, Redis and nginx (installed when run as root).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Result } from 'autocannon';
import { ensurePackages, setUpstreams, startCluster, startInstance, stopCluster, stopInstance, waitForInstance } from '../scripts/cluster/cluster';
import { readCredentials, samplePlaces } from '../scripts/hardening/support/fixtures';
import { apiDetails, apiSearch, cpuSteal, explorerSearch, mix, run, summary, tokenRequest } from '../scripts/hardening/support/load-mix';
import { ROOT } from '../scripts/hardening/support/server-process';

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '30' },
    warmup: { type: 'string', default: '20' },
    connections: { type: 'string', default: '32' },
  },
});
const duration = Number(values.duration);
const warmup = Number(values.warmup);
const connections = Number(values.connections);

function failedRequests(r: Result): number {
  const fives = Object.entries(r.statusCodeStats).filter(([s]) => s.startsWith('5')).reduce((n, [, { count }]) => n + count, 0);
  return r.errors + r.timeouts + fives;
}

async function main() {
  if (!fs.existsSync(path.join(ROOT, '.next', 'BUILD_ID'))) throw new Error('no production build (.next/BUILD_ID missing): run `npm run build` first');
  ensurePackages((line) => console.log(line));
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'trip-explorer-cluster-'));
  // The PostgreSQL servers run as the postgres user (when this runs as root), which must reach their directory.
  fs.chmodSync(dir, 0o755);
  try {
    // Every request comes from this one address: the per-visitor limit of the Explorer's handlers would measure itself.
    const state = await startCluster({ dir, instances: 2, env: { EXPLORER_RATE_PER_MINUTE: '1000000', LOG_REQUESTS: 'false' }, say: (l) => console.log(l) });
    const creds = readCredentials(state.instances[0].dataDir);
    const org = creds.places_api_clients?.[0];
    const tester = creds.oidc_clients?.find((c) => c.client_id === 'oidc-test-client');
    if (!org || !tester) throw new Error('demo credentials incomplete: need places_api_clients and oidc-test-client');
    // The Explorer's handlers explore with an organization's client: the public one is rate-limited by design.
    Object.assign(state.env, { PLACES_API_CLIENT_ID: org.client_id, PLACES_API_SECRET_KEY: org.secret_key });
    for (let i = 1; i <= state.instances.length; i++) {
      await stopInstance(state, i);
      startInstance(state, i);
      await waitForInstance(state, i);
    }
    // Restarted instances bind new ports.
    await setUpstreams(state);

    const balancer = `http://127.0.0.1:${state.balancerPort}`;
    const sample = await samplePlaces(balancer, org);
    const theMix = mix([
      [40, apiSearch(sample, org)],
      [25, apiDetails(sample, org)],
      [25, explorerSearch(sample)],
      [10, tokenRequest(tester.client_id, tester.client_secret)],
    ]);
    console.log(`${os.cpus().length} cores, load average ${os.loadavg()[0].toFixed(1)}; ${connections} connections through nginx; warm-up ${warmup} s, then ${duration} s each`);
    console.log('mix: 40% signed search, 25% details, 25% Explorer route, 10% client-credentials token');

    const results: [string, Result][] = [];
    for (const count of [1, 2]) {
      await setUpstreams(state, state.instances.slice(0, count).map((i) => i.port));
      const steal = cpuSteal();
      summary(`warm-up, ${count} instance${count > 1 ? 's' : ''}`, await run(balancer, theMix, warmup, connections));
      const r = await run(balancer, theMix, duration, connections);
      results.push([`${count} instance${count > 1 ? 's' : ''} behind nginx`, r]);
      console.log(`  (CPU steal during this round: ${steal()}%)`);
    }
    console.log('');
    for (const [label, r] of results) summary(label, r);
    const [one, two] = results.map(([, r]) => r.requests.average);
    console.log(`ratio 2 / 1 instance: ${(two / one).toFixed(2)}x req/s`);
    const failed = results.reduce((n, [, r]) => n + failedRequests(r), 0);
    console.log(failed === 0 ? 'no errors, no 5xx' : `FAILED: ${failed} errors, timeouts or 5xx`);
    process.exitCode = failed === 0 ? 0 : 1;
  } finally {
    await stopCluster(dir);
  }
}

main().catch((err) => {
  console.error(`error: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
