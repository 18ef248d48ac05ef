// Build-time assets that come from npm packages rather than from the repository.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { execFileSync } from 'node:child_process';

const require = createRequire(import.meta.url);
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

// maplibre-gl 6 locates its worker with `new URL(..., import.meta.url)`, which the Next bundlers do not serve:
// the app serves a copy from public/ and points `setWorkerUrl` at it.
const worker = path.join(path.dirname(require.resolve('maplibre-gl/package.json')), 'dist', 'maplibre-gl-worker.mjs');
fs.mkdirSync(path.join(root, 'public'), { recursive: true });
fs.copyFileSync(worker, path.join(root, 'public', 'maplibre-gl-worker.mjs'));

const extra = path.join(root, 'scripts', 'build-basemap.mjs');
if (fs.existsSync(extra)) await import(extra);
// The "Go to" gazetteer shares its name rules with the page (lib/gazetteer/names.ts), hence TypeScript through tsx.
execFileSync(path.join(root, 'node_modules', '.bin', 'tsx'), [path.join(root, 'scripts', 'build-gazetteer.ts')], { stdio: 'inherit' });
console.log('assets prepared');
