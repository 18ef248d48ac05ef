// `npm run bench:explorer`: on the production build (run `npm run build` first), serves the app on a free port
// with a fresh demo data directory, opens the Explorer in Chromium several times, and prints the time from
// navigation to the first results drawn (list and map) and the JavaScript the page loads.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium } from 'playwright';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const runs = Number(process.env.BENCH_RUNS ?? 5);
const chromiumArgs = [
  '--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-quic',
  '--no-first-run', '--use-angle=swiftshader', '--enable-unsafe-swiftshader', '--ignore-gpu-blocklist',
];

if (!fs.existsSync(path.join(root, '.next', 'BUILD_ID'))) {
  console.error('no production build: run `npm run build` first');
  process.exit(1);
}

const port = await new Promise((resolve) => {
  const srv = net.createServer().listen(0, '127.0.0.1', () => {
    const { port: p } = srv.address();
    srv.close(() => resolve(p));
  });
});
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'explorer-bench-'));
const base = `http://localhost:${port}`;
const server = spawn(path.join(root, 'node_modules', '.bin', 'tsx'), ['server.ts', '--demo'], {
  cwd: root,
  stdio: ['ignore', 'ignore', 'inherit'],
  env: { ...process.env, NODE_ENV: 'production', PORT: String(port), PUBLIC_URL: base, DATA_DIR: dataDir, LOG_REQUESTS: 'false', NEXT_TELEMETRY_DISABLED: '1' },
});

async function waitHealthy() {
  for (let i = 0; i < 600; i++) {
    const ok = await fetch(`${base}/healthz`).then((r) => r.ok, () => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('server did not become healthy');
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

try {
  await waitHealthy();
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: chromiumArgs });
  const listTimes = [];
  const mapTimes = [];
  const baselineTimes = [];
  let js = null;
  for (let run = 0; run < runs; run++) {
    // A new context each run: nothing cached, as for a first visit.
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    const scripts = new Map();
    const track = (response) => {
      const type = response.headers()['content-type'] ?? '';
      if (!/javascript/.test(type) && !/\.m?js(\?|$)/.test(response.url())) return;
      scripts.set(response.url(), response.body().then((b) => ({ raw: b.length, gzip: zlib.gzipSync(b).length }), () => ({ raw: 0, gzip: 0 })));
    };
    page.on('response', track);
    page.on('worker', (worker) => {
      if (!worker.url().startsWith('http')) return;
      const body = fetch(worker.url()).then((r) => r.arrayBuffer()).then((b) => Buffer.from(b));
      scripts.set(worker.url(), body.then((b) => ({ raw: b.length, gzip: zlib.gzipSync(b).length })));
    });
    await page.goto(base + '/', { waitUntil: 'commit' });
    await page.waitForSelector('[data-testid="results-list"] button[data-place-id]', { timeout: 60_000 });
    listTimes.push(await page.evaluate(() => performance.now()));
    // The map reports how many results it had drawn when it last went idle.
    await page.waitForFunction(() => Number(document.querySelector('[data-testid="map"]')?.getAttribute('data-drawn-places')) > 0, null, { timeout: 60_000 });
    mapTimes.push(await page.evaluate(() => performance.now()));
    if (run === 0) {
      await page.waitForLoadState('networkidle');
      const sizes = await Promise.all(scripts.values());
      js = { files: sizes.length, raw: sizes.reduce((s, x) => s + x.raw, 0), gzip: sizes.reduce((s, x) => s + x.gzip, 0) };
    }
    await context.close();

    // The baseline, in the same run: a first visit to a page with no map and no search (the API reference).
    const plain = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const plainPage = await plain.newPage();
    await plainPage.goto(base + '/docs/api', { waitUntil: 'commit' });
    await plainPage.waitForSelector('h1', { timeout: 60_000 });
    baselineTimes.push(await plainPage.evaluate(() => performance.now()));
    await plain.close();
  }
  await browser.close();
  const kb = (n) => `${(n / 1024).toFixed(0)} KB`;
  console.log(`runs: ${runs} (first visit each, production build, ${base})`);
  console.log(`navigation -> first results in the list: median ${median(listTimes).toFixed(0)} ms (all: ${listTimes.map((t) => t.toFixed(0)).join(', ')})`);
  console.log(`navigation -> results drawn on the map: median ${median(mapTimes).toFixed(0)} ms (all: ${mapTimes.map((t) => t.toFixed(0)).join(', ')})`);
  console.log(`baseline: navigation -> /docs/api heading (no map, no search): median ${median(baselineTimes).toFixed(0)} ms (all: ${baselineTimes.map((t) => t.toFixed(0)).join(', ')})`);
  console.log(`JavaScript loaded by the page: ${js.files} files, ${kb(js.raw)} uncompressed, ${kb(js.gzip)} gzipped (maplibre worker included)`);
} finally {
  server.kill('SIGTERM');
  fs.rmSync(dataDir, { recursive: true, force: true });
}
