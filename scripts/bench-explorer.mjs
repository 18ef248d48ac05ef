// `npm run bench:explorer`: on the production build (run `npm run build` first), serves the app on a free port
// with a fresh demo data directory and opens the Explorer in Chromium several times at desktop and phone size
// (CPU slowed 4x), beside a baseline page without map or search, in one run: when the HTML with its
// server-rendered results arrived, when the first results and the first clusters were on screen, and the bytes.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium } from 'playwright';
import { attributeChunks } from './js-attribution.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const runs = Number(process.env.BENCH_RUNS ?? 3);
const chromiumArgs = [
  '--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-quic',
  '--no-first-run', '--use-angle=swiftshader', '--enable-unsafe-swiftshader', '--ignore-gpu-blocklist',
];

const launchChromium = (extraArgs = []) => chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: [...chromiumArgs, ...extraArgs] });

if (!fs.existsSync(path.join(root, '.next', 'BUILD_ID'))) {
  console.error('no production build: run `npm run build` first');
  process.exit(1);
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'explorer-bench-'));
// The server binds port 0 itself and announces the port it got (a JSON "listening" line): no port is borrowed and
// handed over, which anything else on the machine could take in between.
const server = spawn(path.join(root, 'node_modules', '.bin', 'tsx'), ['server.ts', '--demo'], {
  cwd: root,
  stdio: ['ignore', 'pipe', 'inherit'],
  env: { ...process.env, NODE_ENV: 'production', PORT: '0', DATA_DIR: dataDir, LOG_REQUESTS: 'false', NEXT_TELEMETRY_DISABLED: '1' },
});
let base = '';

/** Resolves once the server announced its port (it does so when it answers). */
function waitHealthy() {
  return new Promise((resolve, reject) => {
    let pending = '';
    server.stdout.on('data', (chunk) => {
      const lines = (pending + chunk).split('\n');
      pending = lines.pop();
      for (const line of lines) {
        const entry = line.startsWith('{') ? JSON.parse(line) : null;
        if (entry?.msg === 'listening' && !base) {
          base = `http://localhost:${entry.port}`;
          resolve();
        }
      }
    });
    server.once('exit', (code) => reject(new Error(`the server exited (${code}) before it listened`)));
  });
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Sizes of every script a page loads (workers included), raw and gzipped, keyed by URL. */
function trackScripts(page) {
  const scripts = new Map();
  page.on('response', (response) => {
    const type = response.headers()['content-type'] ?? '';
    if (!/javascript/.test(type) && !/\.m?js(\?|$)/.test(response.url())) return;
    scripts.set(response.url(), response.body().then((b) => ({ raw: b.length, gzip: zlib.gzipSync(b).length }), () => ({ raw: 0, gzip: 0 })));
  });
  page.on('worker', (worker) => {
    if (!worker.url().startsWith('http')) return;
    const body = fetch(worker.url()).then((r) => r.arrayBuffer()).then((b) => Buffer.from(b));
    scripts.set(worker.url(), body.then((b) => ({ raw: b.length, gzip: zlib.gzipSync(b).length })));
  });
  return async (only = () => true) => {
    const sizes = await Promise.all([...scripts].filter(([url]) => only(url)).map(([, size]) => size));
    return { files: sizes.length, raw: sizes.reduce((t, x) => t + x.raw, 0), gzip: sizes.reduce((t, x) => t + x.gzip, 0) };
  };
}

/**
 * The scripts the first HTML loads (its `<script src>` tags; not the `noModule` polyfills a modern browser skips):
 * everything that runs before the map, which (like the place drawer) is a chunk loaded once the page is interactive.
 */
function firstHtmlScriptPaths(html) {
  const paths = new Set();
  for (const m of html.matchAll(/<script\b([^>]*)>/g)) {
    const src = /\ssrc="([^"]+)"/.exec(m[1])?.[1];
    if (src && !/\bnoModule\b/i.test(m[1])) paths.add(new URL(src.replace(/&amp;/g, '&'), 'http://x').pathname);
  }
  return paths;
}

const isIn = (paths) => (url) => paths.has(new URL(url).pathname);

/** The body of the page's first document response (empty when it could not be read); call before navigating. */
const documentBody = (page) =>
  page.waitForResponse((r) => r.request().resourceType() === 'document').then((r) => r.body(), () => Buffer.alloc(0));

/** Bytes over the wire for the whole page (encoded bodies and headers), from the Resource Timing of the page. */
const transferred = (page) =>
  page.evaluate(() => {
    const nav = performance.getEntriesByType('navigation')[0];
    return performance.getEntriesByType('resource').reduce((t, r) => t + (r.transferSize || r.encodedBodySize || 0), nav.transferSize || nav.encodedBodySize || 0);
  });

const PROFILES = [
  { name: 'desktop', context: { viewport: { width: 1440, height: 900 } }, cpuSlowdown: 1 },
  // Lighthouse's phone: a Moto G Power-sized screen and a 4x slower CPU (the network is loopback).
  { name: 'phone', context: { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true }, cpuSlowdown: 4 },
];

/**
 * Lighthouse's phone again, in a Chromium without WebGL and on its "slow 4G" (150 ms round trips, 1.6 Mbit/s down):
 * where the scripts take seconds to arrive, so the map's note shows either from the first HTML or after hydration.
 */
const NO_WEBGL_PHONE = { ...PROFILES[1], name: 'phone, no WebGL, slow 4G', network: { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 } };

async function openPage(browser, profile) {
  const context = await browser.newContext(profile.context);
  const page = await context.newPage();
  if (profile.cpuSlowdown > 1 || profile.network) {
    const cdp = await context.newCDPSession(page);
    if (profile.cpuSlowdown > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: profile.cpuSlowdown });
    if (profile.network) await cdp.send('Network.emulateNetworkConditions', profile.network);
  }
  return { context, page };
}

/** One first visit of the Explorer: when the HTML (with its server-rendered results) arrived, the list, the first clusters. */
async function explorerVisit(browser, profile) {
  const { context, page } = await openPage(browser, profile);
  const scripts = trackScripts(page);
  const document = documentBody(page);
  await page.goto(base + '/', { waitUntil: 'commit' });
  await page.waitForSelector('[data-testid="results-list"] button[data-place-id]', { timeout: 120_000 });
  const list = await page.evaluate(() => performance.now());
  // The map carries the clusters it was given once it is ready: the first cluster bubbles are on the canvas then.
  await page.waitForFunction(() => {
    const map = document.querySelector('[data-testid="map"]');
    return map?.getAttribute('data-ready') === 'true' && Number(map.getAttribute('data-clusters')) > 0 && Number(map.getAttribute('data-drawn-places')) > 0;
  }, null, { timeout: 120_000 });
  const cluster = await page.evaluate(() => performance.now());
  const htmlDone = await page.evaluate(() => performance.getEntriesByType('navigation')[0].responseEnd);
  await page.waitForLoadState('networkidle');
  const js = await scripts();
  const html = (await document).toString();
  const firstScripts = firstHtmlScriptPaths(html);
  const beforeMap = await scripts(isIn(firstScripts));
  const bytes = await transferred(page);
  await context.close();
  if (!/data-testid="results-total"[^>]*data-query="[^"]+"/.test(html)) throw new Error('the first HTML has no server-rendered results');
  return { htmlDone, list, cluster, js, beforeMap, bytes, firstScripts, htmlGzip: zlib.gzipSync(html).length };
}

/** A first visit without WebGL: when the list and the note in the map's place were on screen. */
async function noWebglVisit(browser, profile) {
  const { context, page } = await openPage(browser, profile);
  await page.goto(base + '/', { waitUntil: 'commit' });
  await page.waitForSelector('[data-testid="results-list"] button[data-place-id]', { timeout: 120_000 });
  const list = await page.evaluate(() => performance.now());
  await page.waitForSelector('[data-testid="map-unavailable"]', { state: 'visible', timeout: 120_000 });
  const note = await page.evaluate(() => performance.now());
  const htmlDone = await page.evaluate(() => performance.getEntriesByType('navigation')[0].responseEnd);
  await page.waitForLoadState('networkidle');
  const scriptsDone = await page.evaluate(() => Math.max(...performance.getEntriesByType('resource').filter((r) => r.initiatorType === 'script').map((r) => r.responseEnd)));
  await context.close();
  return { htmlDone, list, note, scriptsDone };
}

/** The baseline in the same run: a first visit to a page with no map and no search (the API reference). */
async function baselineVisit(browser, profile) {
  const { context, page } = await openPage(browser, profile);
  const scripts = trackScripts(page);
  const document = documentBody(page);
  await page.goto(base + '/docs/api', { waitUntil: 'commit' });
  await page.waitForSelector('h1', { timeout: 60_000 });
  const heading = await page.evaluate(() => performance.now());
  const htmlDone = await page.evaluate(() => performance.getEntriesByType('navigation')[0].responseEnd);
  await page.waitForLoadState('networkidle');
  const js = await scripts();
  const html = await document;
  const firstScripts = await scripts(isIn(firstHtmlScriptPaths(html.toString())));
  const bytes = await transferred(page);
  await context.close();
  return { htmlDone, heading, js, firstScripts, bytes, htmlGzip: zlib.gzipSync(html).length };
}

const ms = (xs) => `${median(xs).toFixed(0)} ms`.padStart(8);
const kb = (n) => `${(n / 1024).toFixed(0)} KB`;
const kb1 = (n) => `${(n / 1024).toFixed(1)} KB`;

try {
  await waitHealthy();
  const browser = await launchChromium();
  const rows = [];
  for (const profile of PROFILES) {
    const explorer = [];
    const baseline = [];
    // A new context each visit: nothing cached, as for a first visit. Explorer and baseline alternate.
    for (let run = 0; run < runs; run++) {
      explorer.push(await explorerVisit(browser, profile));
      baseline.push(await baselineVisit(browser, profile));
    }
    rows.push({ profile, explorer, baseline });
  }
  await browser.close();
  const withoutWebgl = await launchChromium(['--disable-3d-apis', '--disable-webgl']);
  const noWebgl = [];
  const noWebglBaseline = [];
  for (let run = 0; run < runs; run++) {
    noWebgl.push(await noWebglVisit(withoutWebgl, NO_WEBGL_PHONE));
    noWebglBaseline.push(await baselineVisit(withoutWebgl, NO_WEBGL_PHONE));
  }
  await withoutWebgl.close();
  console.log(`runs: ${runs} first visits per page and profile, production build, ${base}; ${os.cpus().length} cores, load average ${os.loadavg()[0].toFixed(1)}`);
  console.log('medians; phone = 412x823 touch screen, CPU slowed 4x; map in software WebGL (SwiftShader)\n');
  console.log('profile   page                       HTML received  first results  first clusters  HTML (gzipped)  JS (gzipped)  transferred  JS before the map (gzipped)');
  for (const { profile, explorer, baseline } of rows) {
    const e = explorer;
    console.log(`${profile.name.padEnd(9)} Explorer /                  ${ms(e.map((v) => v.htmlDone))}       ${ms(e.map((v) => v.list))}        ${ms(e.map((v) => v.cluster))}     ${kb1(e[0].htmlGzip).padStart(9)}     ${kb(e[0].js.gzip).padStart(8)}     ${kb(median(e.map((v) => v.bytes))).padStart(8)}     ${kb(e[0].beforeMap.gzip).padStart(6)} in ${e[0].beforeMap.files} files`);
    const b = baseline;
    console.log(`${profile.name.padEnd(9)} baseline /docs/api         ${ms(b.map((v) => v.htmlDone))}       ${ms(b.map((v) => v.heading))} (h1)              -     ${kb1(b[0].htmlGzip).padStart(9)}     ${kb(b[0].js.gzip).padStart(8)}     ${kb(median(b.map((v) => v.bytes))).padStart(8)}     ${kb(b[0].firstScripts.gzip).padStart(6)} in ${b[0].firstScripts.files} files (its first HTML's)`);
  }
  const n = noWebgl;
  const nb = noWebglBaseline;
  console.log(`\n${NO_WEBGL_PHONE.name}: HTML received ${ms(n.map((v) => v.htmlDone))}, first results ${ms(n.map((v) => v.list))}, the map's note ${ms(n.map((v) => v.note))}, the first HTML's scripts received ${ms(n.map((v) => v.scriptsDone))}; baseline /docs/api: HTML ${ms(nb.map((v) => v.htmlDone))}, h1 ${ms(nb.map((v) => v.heading))}`);
  console.log('\n"first results": the list\'s first result on screen (it is in the HTML: no script needed); "first clusters": the map ready with the search\'s clusters and the page\'s markers drawn.');
  console.log('"HTML (gzipped)": the first HTML with its server-rendered results and the data the page hydrates from; under about 14 KB it fits a new connection\'s first round trip (TCP\'s initial window of 10 segments).');
  console.log('"JS before the map": the scripts of the first HTML (framework, Explorer); the map\'s chunk, the drawer and the workers load later. The baseline\'s first HTML loads the same framework and layout, so the difference is the Explorer\'s own code.');
  const parts = attributeChunks(root, [...rows[0].explorer[0].firstScripts]);
  if (!parts) console.log('(Build with `BROWSER_SOURCE_MAPS=true npm run build` to see what the JS before the map is made of.)');
  else {
    console.log('\nJS before the map by source (gzipped, each chunk shared by its source map):');
    for (const [group, bytes] of parts) if (bytes >= 50) console.log(`${(bytes / 1024).toFixed(1).padStart(6)} KB  ${group}`);
  }
} finally {
  server.kill('SIGTERM');
  fs.rmSync(dataDir, { recursive: true, force: true });
}
