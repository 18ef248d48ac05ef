// The servers the browser tests run against: the production build (`npm run build` first), one per Playwright worker
// (playwright.config.ts, e2eWorkers), each with its own data directory, demo accounts and SMTP server, so that tests
// running at once never see each other's trips, sessions or mail. Each starts on the port its bind gets (port 0;
// E2E_PORT pins the first, the next ones after it). Playwright's own webServer needs its port known before the start,
// which anything else on the machine could take in between. The URLs and the mail spools reach the workers through
// the environment, which they inherit. Each server starts on a copy of the demo roads with their graph and hierarchy
// prepared once for the run (e2e/support/prepare-demo-roads.ts), so the trips' journeys route on a prepared graph, read
// at start as a server reads what `npm run roads:import` prepared.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { NODE_WITH_TSX, ROOT, startServer } from '../scripts/hardening/support/server-process';
import { startSmtpServer } from '../tests/support/smtp';
import { e2eBaseUrlVariable, e2eDataDirOf, e2eMailSpoolVariable, e2eWorkers } from '../playwright.config';

/** The demo roads and their graph and hierarchy, prepared into `dir` (the script checks that each file is there). */
function prepareDemoRoads(dir: string) {
  fs.mkdirSync(dir, { recursive: true });
  const script = path.join(ROOT, 'e2e/support/prepare-demo-roads.ts');
  execFileSync(NODE_WITH_TSX[0], [...NODE_WITH_TSX.slice(1), script], { cwd: ROOT, env: { ...process.env, DATA_DIR: dir, DATABASE_URL: '' }, stdio: ['ignore', 'ignore', 'inherit'] });
}

async function startSlot(slot: number, pinnedPort: number | undefined, roads: string) {
  const dataDir = e2eDataDirOf(slot);
  fs.mkdirSync(dataDir, { recursive: true });
  for (const file of fs.readdirSync(roads)) fs.copyFileSync(path.join(roads, file), path.join(dataDir, file));
  const spoolDir = fs.mkdtempSync(path.join(path.dirname(dataDir), `mail-${slot}-`));
  const smtp = await startSmtpServer({ spoolDir });
  const server = await startServer({
    entry: 'server.ts',
    dataDir,
    port: pinnedPort,
    readyTimeoutMs: 180_000 * e2eWorkers,
    env: {
      NODE_ENV: 'production',
      DEMO: 'true',
      ROADS_DEMO: 'true',
      PLACES_SEED_COUNT: '3000',
      LOG_REQUESTS: 'false',
      // The whole suite browses from one address, faster than a person: the per-visitor limit is tested in vitest.
      EXPLORER_RATE_PER_MINUTE: '100000',
      SMTP_URL: smtp.url,
      // Likewise every sign-up of the account journeys: the limit itself is tested in vitest.
      SELF_SERVICE_LIMIT_PER_HOUR: '1000',
    },
  }).catch(async (err) => {
    await smtp.close();
    throw err;
  });
  server.child.stderr!.on('data', (chunk: Buffer) => process.stderr.write(chunk));
  process.env[e2eBaseUrlVariable(slot)] = `http://localhost:${server.port}`;
  process.env[e2eMailSpoolVariable(slot)] = spoolDir;
  process.stdout.write(`e2e server ${slot}: http://localhost:${server.port} (${dataDir})\n`);
  return async () => {
    await server.stop();
    await smtp.close();
    fs.rmSync(spoolDir, { recursive: true, force: true });
  };
}

export default async function globalSetup() {
  const root = path.dirname(e2eDataDirOf(0));
  fs.rmSync(root, { recursive: true, force: true });
  const roads = path.join(root, 'prepared-roads');
  prepareDemoRoads(roads);
  const pinned = process.env.E2E_PORT ? Number(process.env.E2E_PORT) : undefined;
  const started = await Promise.allSettled(
    Array.from({ length: e2eWorkers }, (_, slot) => startSlot(slot, pinned === undefined ? undefined : pinned + slot, roads)),
  );
  const stops = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  const failed = started.find((s): s is PromiseRejectedResult => s.status === 'rejected');
  const stopAll = async () => {
    await Promise.all(stops.map((stop) => stop()));
  };
  if (failed) {
    await stopAll();
    throw failed.reason;
  }
  return stopAll;
}
