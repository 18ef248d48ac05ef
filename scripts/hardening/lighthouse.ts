// `npm run audit:lighthouse`: Lighthouse (npm) in Debian's Chromium against the built Explorer page served by the
// production server on loopback; prints the performance, accessibility and best-practices scores. Needs
// `npm run build` first.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT, startServer } from './support/server-process';

const CHROME_FLAGS = [
  '--headless=new', '--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync',
  '--disable-quic', '--no-first-run', '--use-angle=swiftshader', '--enable-unsafe-swiftshader', '--ignore-gpu-blocklist',
];
const CATEGORIES = ['performance', 'accessibility', 'best-practices'];

function runLighthouse(url: string, reportFile: string): Promise<number | null> {
  const child = spawn(
    path.join(ROOT, 'node_modules', '.bin', 'lighthouse'),
    [url, `--chrome-flags=${CHROME_FLAGS.join(' ')}`, `--only-categories=${CATEGORIES.join(',')}`, '--output=json', `--output-path=${reportFile}`, '--quiet'],
    { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit'], env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? '/usr/bin/chromium' } },
  );
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

async function main() {
  if (!fs.existsSync(path.join(ROOT, '.next', 'BUILD_ID'))) {
    console.error('error: no production build (.next/BUILD_ID missing): run `npm run build` first');
    process.exit(1);
  }
  const dataDir = path.join(ROOT, '.data', 'lighthouse');
  fs.rmSync(dataDir, { recursive: true, force: true });
  const server = await startServer({ dataDir, env: { NODE_ENV: 'production', DEMO: 'true', PLACES_SEED_COUNT: '2000' } });
  const reportFile = path.join(dataDir, 'lighthouse-report.json');
  try {
    // The page as a visitor opens it: the public URL (localhost) resolves to the loopback server.
    const code = await runLighthouse(`http://localhost:${server.port}/`, reportFile);
    if (code !== 0) throw new Error(`lighthouse exited with ${code}`);
  } finally {
    await server.stop();
  }
  const report = JSON.parse(fs.readFileSync(reportFile, 'utf8')) as {
    categories: Record<string, { title: string; score: number | null }>;
    audits: Record<string, { title: string; score: number | null; scoreDisplayMode: string; displayValue?: string }>;
  };
  for (const id of CATEGORIES) {
    const c = report.categories[id];
    console.log(`${c.title.padEnd(16)} ${c.score === null ? 'n/a' : Math.round(c.score * 100)}`);
  }
  for (const id of ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift']) {
    const a = report.audits[id];
    if (a) console.log(`  ${a.title}: ${a.displayValue ?? a.score}`);
  }
  const failing = Object.entries(report.audits).filter(([, a]) => a.score !== null && a.score < 0.9 && ['binary', 'numeric'].includes(a.scoreDisplayMode));
  if (failing.length) console.log(`audits below 0.9: ${failing.map(([id]) => id).join(', ')}`);
  console.log(`full report: ${reportFile}`);
}

main().catch((err) => {
  console.error(`error: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
