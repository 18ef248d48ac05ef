// `npm run fuzz [-- --requests 100000 --max-seconds 900 --seed N --slow-ms 1000]`: generated hostile requests against
// the Place API and the identity endpoints (the organization APIs included) of a real server (in-process, without
// Next); every answer must be a 2xx, a 3xx from the identity server, or a documented 4xx (the JSON error shape on
// /api/v2); never a 5xx, a stack trace, a hang or an answer slower than --slow-ms. The requests run 8 at a time in
// the server's own process, so on a loaded machine an answer can wait behind the others or for the CPU: one over the
// bound is sent again alone after its batch, and fails the run only if it is over the bound alone too (both counts
// are printed, with the slowest answers and the event loop's longest delay).
// `npm run fuzz -- --explorer [--requests 10000]`: the same against the Explorer's route handlers on the production
// server (Next included; needs `npm run build`).
import fc from 'fast-check';
import { parseArgs } from 'node:util';
import { readDemoCredentials } from '@/lib/core/demo-credentials';
import { startApiServer } from '@/tests/support/test-server';
import fs from 'node:fs';
import os from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import path from 'node:path';
import { explorerRequests, identityRequests, judge, placesRequests, type FuzzRequest } from './support/fuzz-cases';
import { ROOT, startServer } from './support/server-process';
import { fuzzKeys } from './support/fuzz-keys';

const { values } = parseArgs({
  options: {
    requests: { type: 'string', default: '100000' },
    'max-seconds': { type: 'string', default: '900' },
    seed: { type: 'string', default: String(Date.now() % 2 ** 31) },
    concurrency: { type: 'string', default: '8' },
    'slow-ms': { type: 'string', default: '1000' },
    explorer: { type: 'boolean', default: false },
  },
});
const total = Number(values.requests);
const deadline = Date.now() + Number(values['max-seconds']) * 1000;
const seed = Number(values.seed);
const concurrency = Number(values.concurrency);
const slowMs = Number(values['slow-ms']);

/** The target: the API server in-process, or (for the Explorer's handlers) the production server with Next. */
async function target(): Promise<{ url: string; arbitrary: fc.Arbitrary<FuzzRequest>; close(): Promise<unknown> }> {
  if (values.explorer) {
    if (!fs.existsSync(path.join(ROOT, '.next', 'BUILD_ID'))) throw new Error('no production build (.next/BUILD_ID missing): run `npm run build` first');
    const dataDir = path.join(ROOT, '.data', 'fuzz-explorer');
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.mkdirSync(path.dirname(dataDir), { recursive: true });
    const server = await startServer({ dataDir, env: { NODE_ENV: 'production', DEMO: 'true', PLACES_SEED_COUNT: '2000' } });
    return { url: server.url, arbitrary: explorerRequests(), close: () => server.stop() };
  }
  const app = await startApiServer({ env: { LOG_REQUESTS: 'false', IDENTITY_MEMBERS_API_CLIENTS: 'explorer,oidc-test-client' } });
  const keys = await fuzzKeys(app.url, readDemoCredentials(app.context.dataDir));
  return { url: app.url, arbitrary: fc.oneof({ weight: 3, arbitrary: placesRequests(keys) }, { weight: 2, arbitrary: identityRequests(keys) }), close: () => app.close() };
}

async function main() {
  const app = await target();
  try {
    const arbitrary = app.arbitrary;
    const counts = new Map<string, number>();
    const failures: { req: FuzzRequest; status: number; reason?: string }[] = [];
    let failed = 0;
    // Every answer's time, and the slowest few with their requests, so the bound is shown, not only enforced.
    const times: number[] = [];
    const slowest: { ms: number; req: FuzzRequest; status: number }[] = [];
    const loads: number[] = [];
    let overUnderLoad = 0;
    let overAlone = 0;
    let slowestAlone: { ms: number; req?: FuzzRequest } = { ms: 0 };
    const loop = monitorEventLoopDelay({ resolution: 10 });
    loop.enable();
    let sent = 0;
    const started = Date.now();
    const batchSize = 1000;
    for (let batch = 0; sent < total && Date.now() < deadline; batch++) {
      const requests = fc.sample(arbitrary, { numRuns: Math.min(batchSize, total - sent), seed: seed + batch });
      let next = 0;
      const again: FuzzRequest[] = [];
      await Promise.all(
        Array.from({ length: concurrency }, async () => {
          while (next < requests.length) {
            const req = requests[next++];
            const verdict = await judge(app.url, req, 10_000);
            if (verdict.ok && verdict.ms !== undefined && verdict.ms > slowMs) {
              overUnderLoad++;
              again.push(req);
            }
            const key = `${req.kind} ${verdict.status}`;
            counts.set(key, (counts.get(key) ?? 0) + 1);
            if (verdict.ms !== undefined) {
              times.push(verdict.ms);
              if (slowest.length < 5 || verdict.ms > slowest[slowest.length - 1].ms) {
                slowest.push({ ms: verdict.ms, req, status: verdict.status });
                slowest.sort((a, b) => b.ms - a.ms).splice(5);
              }
            }
            if (!verdict.ok) failed++;
            if (!verdict.ok && failures.length < 20) failures.push({ req, status: verdict.status, reason: verdict.reason });
          }
        }),
      );
      for (const req of again) {
        const alone = await judge(app.url, req, 10_000, slowMs);
        if ((alone.ms ?? Infinity) > slowestAlone.ms) slowestAlone = { ms: alone.ms ?? Infinity, req };
        if (alone.ok) continue;
        overAlone++;
        failed++;
        if (failures.length < 20) failures.push({ req, status: alone.status, reason: `alone: ${alone.reason}` });
      }
      sent += requests.length;
      loads.push(os.loadavg()[0]);
      if (batch % 10 === 9) console.log(`${sent} requests, ${failed} failures, ${Math.round((Date.now() - started) / 1000)} s, load ${os.loadavg()[0].toFixed(1)}`);
    }
    console.log(`\n${sent} generated requests in ${Math.round((Date.now() - started) / 1000)} s (seed ${seed}, concurrency ${concurrency}); answers by kind and status:`);
    for (const [key, n] of [...counts].sort()) console.log(`  ${key.padEnd(26)} ${n}`);
    const sorted = times.sort((a, b) => a - b);
    const at = (q: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))].toFixed(1) : '-');
    console.log(`answer times (ms): p50 ${at(0.5)}, p99 ${at(0.99)}, p99.9 ${at(0.999)}, max ${at(1)} (bound ${slowMs} ms)`);
    loop.disable();
    console.log(`event loop delay (ms): p99 ${(loop.percentile(99) / 1e6).toFixed(1)}, max ${(loop.max / 1e6).toFixed(1)}`);
    console.log(
      `over ${slowMs} ms with ${concurrency} at a time: ${overUnderLoad}; sent again alone: ${overAlone} over the bound` +
        (slowestAlone.req ? ` (slowest alone ${slowestAlone.ms.toFixed(1)} ms: ${slowestAlone.req.kind} ${slowestAlone.req.method} ${slowestAlone.req.path.slice(0, 120)})` : ''),
    );
    console.log('slowest answers (with the others in flight):');
    for (const s of slowest) console.log(`  ${s.ms.toFixed(1)} ms  ${s.status}  ${s.req.kind}  ${s.req.method} ${s.req.path.slice(0, 160)}`);
    if (loads.length) console.log(`load average (1 min) during the run: ${Math.min(...loads).toFixed(1)} to ${Math.max(...loads).toFixed(1)}, mean ${(loads.reduce((a, b) => a + b, 0) / loads.length).toFixed(1)} (${os.cpus().length} cores)`);
    for (const f of failures) console.log(`FAILURE ${f.status} ${f.reason}\n  ${f.req.method} ${f.req.path.slice(0, 500)} ${JSON.stringify(f.req.headers)} ${f.req.body?.slice(0, 300) ?? ''}`);
    console.log(failed ? `FAILED: ${failed} bad answer(s) (first 20 shown)` : `no 5xx, no stack trace, no hang, none slower than ${slowMs} ms`);
    if (sent < total) console.log(`stopped at the time limit before ${total} requests`);
    process.exitCode = failed || sent < total ? 1 : 0;
  } finally {
    await app.close();
  }
}

main().catch((err) => {
  console.error(`error: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
