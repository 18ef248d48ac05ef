// `npm run fuzz [-- --requests 100000 --max-seconds 900 --seed N --slow-ms 1000]`: generated hostile requests against
// the Place API and the identity endpoints (the organization APIs included) of a real server (in-process, without
// Next); every answer must be a 2xx, a 3xx from the identity server, or a documented 4xx (the JSON error shape on
// /api/v2); never a 5xx, a stack trace, a hang or an answer slower than --slow-ms.
// `npm run fuzz -- --explorer [--requests 10000]`: the same against the Explorer's route handlers on the production
// server (Next included; needs `npm run build`).
import fc from 'fast-check';
import { parseArgs } from 'node:util';
import { readDemoCredentials } from '@/lib/server/demo-credentials';
import { startApiServer } from '@/tests/support/test-server';
import fs from 'node:fs';
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
    let sent = 0;
    const started = Date.now();
    const batchSize = 1000;
    for (let batch = 0; sent < total && Date.now() < deadline; batch++) {
      const requests = fc.sample(arbitrary, { numRuns: Math.min(batchSize, total - sent), seed: seed + batch });
      let next = 0;
      await Promise.all(
        Array.from({ length: concurrency }, async () => {
          while (next < requests.length) {
            const req = requests[next++];
            const verdict = await judge(app.url, req, 10_000, slowMs);
            const key = `${req.kind} ${verdict.status}`;
            counts.set(key, (counts.get(key) ?? 0) + 1);
            if (!verdict.ok && failures.length < 20) failures.push({ req, status: verdict.status, reason: verdict.reason });
          }
        }),
      );
      sent += requests.length;
      if (batch % 10 === 9) console.log(`${sent} requests, ${failures.length} failures, ${Math.round((Date.now() - started) / 1000)} s`);
    }
    console.log(`\n${sent} generated requests in ${Math.round((Date.now() - started) / 1000)} s (seed ${seed}); answers by kind and status:`);
    for (const [key, n] of [...counts].sort()) console.log(`  ${key.padEnd(22)} ${n}`);
    for (const f of failures) console.log(`FAILURE ${f.status} ${f.reason}\n  ${f.req.method} ${f.req.path.slice(0, 500)} ${JSON.stringify(f.req.headers)} ${f.req.body?.slice(0, 300) ?? ''}`);
    console.log(failures.length ? `FAILED: ${failures.length} bad answer(s) (first 20 shown)` : 'no 5xx, no stack trace, no hang');
    if (sent < total) console.log(`stopped at the time limit before ${total} requests`);
    process.exitCode = failures.length || sent < total ? 1 : 0;
  } finally {
    await app.close();
  }
}

main().catch((err) => {
  console.error(`error: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
