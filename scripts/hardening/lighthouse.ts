// `npm run audit:lighthouse [-- --runs 3 --profiles mobile,desktop --no-webgl --applied-throttling --no-baseline
// --without-worker]`:
// Lighthouse (npm) in Debian's Chromium against the built Explorer page served by the production server on loopback,
// and in the same run, alternately, against a baseline page on the same stack with no map and no search (`/trips`
// signed out: a heading, a sentence and a button under the same layout): what the framework alone costs. Each profile runs `--runs` times (default 3) and prints the
// median of each figure, beside every run's own, the Explorer's and the baseline's side by side. `--no-webgl` adds a run set per
// profile in a Chromium without WebGL (the map cannot start), which separates this machine's software-rendered
// WebGL from the page's own cost. `--applied-throttling` has Chromium itself slow the network and CPU while the page
// loads (Lighthouse's `--throttling-method=devtools`) instead of simulating it from a loopback trace: where scripts
// arrive late, as on a phone's network, what the page shows before them counts. `--without-worker` adds the Explorer
// with its service worker's script blocked (Lighthouse's `--blocked-url-patterns`), alternately with the others: what
// the worker costs a first visit. `--demo-roads` adds the Explorer at zoom 9 over the demo roads around Denver;
// `--imported-map` imports Vancouver's map first (the extract in ../shared/osm, with tilemaker) and adds the Explorer
// at zoom 12 over it (the demo roads are then not drawn): what drawing a map with roads costs beside the default view.
// Needs `npm run build` first.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { importMap } from '@/lib/map/import/import-map';
import { MAP_FILE } from '@/lib/map/store';
import { SqliteTileStore } from '@/lib/map/store/sqlite/store';
import { ROOT, startServer } from './support/server-process';

const CHROME_FLAGS = [
  '--headless=new', '--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync',
  '--disable-quic', '--no-first-run', '--use-angle=swiftshader', '--enable-unsafe-swiftshader', '--ignore-gpu-blocklist',
];
const NO_WEBGL_FLAGS = ['--disable-3d-apis', '--disable-webgl'];
const CATEGORIES = ['performance', 'accessibility', 'best-practices'];
const TIMINGS = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index'] as const;
const SHORT: Record<string, string> = {
  'first-contentful-paint': 'FCP',
  'largest-contentful-paint': 'LCP',
  'total-blocking-time': 'TBT',
  'cumulative-layout-shift': 'CLS',
  'speed-index': 'SI',
};

type Profile = 'mobile' | 'desktop';
interface Report {
  categories: Record<string, { title: string; score: number | null }>;
  audits: Record<string, { title: string; score: number | null; scoreDisplayMode: string; displayValue?: string; numericValue?: number; details?: unknown }>;
}

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

function runLighthouse(url: string, reportFile: string, profile: Profile, extraFlags: string[], lighthouseFlags: string[]): Promise<number | null> {
  const child = spawn(
    path.join(ROOT, 'node_modules', '.bin', 'lighthouse'),
    [
      url,
      `--chrome-flags=${[...CHROME_FLAGS, ...extraFlags].join(' ')}`,
      `--only-categories=${CATEGORIES.join(',')}`,
      ...(profile === 'desktop' ? ['--preset=desktop'] : []),
      ...(process.argv.includes('--applied-throttling') ? ['--throttling-method=devtools'] : []),
      '--output=json',
      `--output-path=${reportFile}`,
      '--quiet',
      ...lighthouseFlags,
    ],
    { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit'], env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? '/usr/bin/chromium' } },
  );
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

const COLUMN = 38;

/** Bytes of JavaScript the page transferred (workers and the map's chunks included, when they loaded). */
function scriptBytes(report: Report): number {
  const summary = report.audits['resource-summary']?.details as { items?: { resourceType: string; transferSize: number }[] } | undefined;
  return summary?.items?.find((item) => item.resourceType === 'script')?.transferSize ?? 0;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const fmtTiming = (id: string, v: number) => (id === 'cumulative-layout-shift' ? v.toFixed(3) : id === 'total-blocking-time' ? `${Math.round(v)} ms` : `${(v / 1000).toFixed(1)} s`);

/** The LCP element and the scripts that cost the most main-thread time, from one report. */
function details(report: Report): string[] {
  const lines: string[] = [];
  const lcp = report.audits['largest-contentful-paint-element']?.details as { items?: { items?: { node?: { snippet?: string; nodeLabel?: string } }[] }[] } | undefined;
  const node = lcp?.items?.[0]?.items?.[0]?.node;
  if (node) lines.push(`    LCP element: ${(node.nodeLabel ?? '').slice(0, 60)} ${node.snippet?.slice(0, 100) ?? ''}`);
  const boot = report.audits['bootup-time']?.details as { items?: { url: string; scripting: number; total: number }[] } | undefined;
  for (const item of (boot?.items ?? []).slice(0, 4)) lines.push(`    script ${Math.round(item.scripting)} ms  ${item.url.replace(/^https?:\/\/[^/]+/, '')}`);
  const requests = (report.audits['network-requests']?.details as { items?: { url: string; statusCode?: number }[] } | undefined)?.items ?? [];
  const worker = requests.find((r) => new URL(r.url).pathname === '/sw.js');
  lines.push(`    service worker script: ${worker ? `fetched during the run (${worker.statusCode ?? '?'})` : 'not fetched during the run'}`);
  return lines;
}

async function main() {
  if (!fs.existsSync(path.join(ROOT, '.next', 'BUILD_ID'))) {
    console.error('error: no production build (.next/BUILD_ID missing): run `npm run build` first');
    process.exit(1);
  }
  const runs = Math.max(1, Number(arg('runs') ?? 3));
  const profiles = (arg('profiles') ?? 'mobile,desktop').split(',') as Profile[];
  const variants: { name: string; flags: string[] }[] = [{ name: '', flags: [] }];
  if (process.argv.includes('--no-webgl')) variants.push({ name: ' without WebGL (no map)', flags: NO_WEBGL_FLAGS });

  const pages: { name: string; path: string; file: string; lighthouse?: string[] }[] = [{ name: 'Explorer', path: '/', file: '' }];
  if (process.argv.includes('--without-worker')) pages.push({ name: 'Explorer, no worker', path: '/', file: '-noworker', lighthouse: ['--blocked-url-patterns=*/sw.js'] });
  const importedMap = process.argv.includes('--imported-map');
  if (importedMap) pages.push({ name: 'Vancouver, imported map', path: '/?map=12/49.2827/-123.1207&area=none', file: '-vancouver' });
  else if (process.argv.includes('--demo-roads')) pages.push({ name: 'Denver, demo roads', path: '/?map=9/39.74/-104.99&area=none', file: '-denver' });
  if (!process.argv.includes('--no-baseline')) pages.push({ name: 'baseline (/trips)', path: '/trips', file: '-baseline' });

  const dataDir = path.join(ROOT, '.data', 'lighthouse');
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.mkdirSync(dataDir, { recursive: true });
  if (importedMap) {
    const store = new SqliteTileStore(path.join(dataDir, MAP_FILE));
    await importMap(store, path.resolve(ROOT, '../shared/osm/vancouver_canada.osm.pbf'), { dataDir });
    await store.close();
  }
  const server = await startServer({ dataDir, env: { NODE_ENV: 'production', DEMO: 'true', PLACES_SEED_COUNT: '2000' } });
  const started = new Date();
  const loadBefore = os.loadavg();
  const results: { title: string; reportsByPage: Report[][] }[] = [];
  try {
    // Warm the server (first compile of each route, the first signed search) so the first run is not the odd one out.
    for (const page of pages) await fetch(`http://127.0.0.1:${server.port}${page.path}`).then((r) => r.text());
    for (const profile of profiles) {
      for (const variant of variants) {
        const reportsByPage: Report[][] = pages.map(() => []);
        // The pages alternate run by run, so a change in the machine's load falls on both.
        for (let i = 1; i <= runs; i++) {
          for (const [k, page] of pages.entries()) {
            const reportFile = path.join(dataDir, `lighthouse-${profile}${variant.flags.length ? '-nowebgl' : ''}${page.file}-${i}.json`);
            // The page as a visitor opens it: the public URL (localhost) resolves to the loopback server.
            const url = `http://localhost:${server.port}${page.path}`;
            const lighthouseFlags = page.lighthouse ?? [];
            let code = await runLighthouse(url, reportFile, profile, variant.flags, lighthouseFlags);
            // Lighthouse now and then loses the trace on this loaded machine (NO_NAVSTART): that run once more.
            if (code !== 0) code = await runLighthouse(url, reportFile, profile, variant.flags, lighthouseFlags);
            if (code !== 0) throw new Error(`lighthouse exited with ${code}`);
            reportsByPage[k].push(JSON.parse(fs.readFileSync(reportFile, 'utf8')) as Report);
          }
        }
        results.push({ title: `${profile}${variant.name}`, reportsByPage });
      }
    }
  } finally {
    await server.stop();
  }
  const loadAfter = os.loadavg();
  console.log(`\n${started.toISOString()}  ${os.cpus().length} cores, load average ${loadBefore.map((l) => l.toFixed(2)).join(' ')} before, ${loadAfter.map((l) => l.toFixed(2)).join(' ')} after`);
  for (const { title, reportsByPage } of results) {
    console.log(`\n${title}: median of ${reportsByPage[0].length} run(s) (each run in brackets)`);
    console.log(`  ${''.padEnd(18)}${pages.map((p) => p.name.padEnd(COLUMN)).join('')}`);
    const row = (label: string, cells: string[]) => console.log(`  ${label.padEnd(18)}${cells.map((c) => c.padEnd(COLUMN)).join('')}`);
    for (const id of CATEGORIES) {
      row(reportsByPage[0][0].categories[id].title, reportsByPage.map((reports) => {
        const scores = reports.map((r) => Math.round((r.categories[id].score ?? 0) * 100));
        return `${median(scores)}  [${scores.join(', ')}]`;
      }));
    }
    for (const id of TIMINGS) {
      row(SHORT[id], reportsByPage.map((reports) => {
        const values = reports.map((r) => r.audits[id]?.numericValue ?? NaN);
        return `${fmtTiming(id, median(values))}  [${values.map((v) => fmtTiming(id, v)).join(', ')}]`;
      }));
    }
    row('transferred', reportsByPage.map((reports) => `${Math.round(median(reports.map((r) => r.audits['total-byte-weight']?.numericValue ?? 0)) / 1024)} KB`));
    row('of it scripts', reportsByPage.map((reports) => `${Math.round(median(reports.map(scriptBytes)) / 1024)} KB`));
    for (const [k, page] of pages.entries()) {
      const first = reportsByPage[k][0];
      const failing = Object.entries(first.audits).filter(([, a]) => a.score !== null && a.score < 0.9 && ['binary', 'numeric'].includes(a.scoreDisplayMode));
      console.log(`  ${page.name}, first run:`);
      if (failing.length) console.log(`    audits below 0.9: ${failing.map(([id]) => id).join(', ')}`);
      for (const line of details(first)) console.log(line);
    }
  }
  console.log(`\nfull reports: ${dataDir}`);
}

main().catch((err) => {
  console.error(`error: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
