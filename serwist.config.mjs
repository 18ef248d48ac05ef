// The service worker's build (`serwist build serwist.config.mjs`, after `next build`: see the `build` script):
// esbuild bundles app/sw.ts into public/sw.js with the precache list and this build's id written in.
import fs from 'node:fs';
import { serwist } from '@serwist/next/config';

// Next's id of the build just made: the worker's cache names and the /offline page's revision carry it, so a new
// release replaces every cache of the previous one.
const buildId = fs.readFileSync('.next/BUILD_ID', 'utf8').trim();
// The page a failed navigation falls back to (app/offline/page.tsx), which opens kept trips. Precaching a URL the
// server does not answer would fail the worker's install, and the app would have no worker at all: stop the build.
const routes = Object.values(JSON.parse(fs.readFileSync('.next/app-path-routes-manifest.json', 'utf8')));
if (!routes.includes('/offline')) throw new Error('serwist.config.mjs: this build has no /offline page (app/offline/page.tsx)');

export default await serwist({
  swSrc: 'app/sw.ts',
  swDest: 'public/sw.js',
  // Every page is rendered on demand and may carry a person's data: only /offline is precached, below.
  precachePrerendered: false,
  globPatterns: [
    // Next's hashed scripts and styles. Not `.mjs`: those are copies of maplibre Turbopack emits for its asset
    // references (among them the 2.5 MB development build); the page loads maplibre from its chunks and its worker
    // from public/.
    '.next/static/**/*.{js,css,woff,woff2,png,svg,ico,webp,avif,jpg,json}',
    'public/basemap/**/*',
    'public/maplibre-gl-worker.mjs',
    'public/icons/**/*',
  ],
  // The "Go to" gazetteer (some 6,000 files, 89 MB) stays on the network.
  globIgnores: ['public/gazetteer/**'],
  additionalPrecacheEntries: [{ url: '/offline', revision: buildId }],
  esbuildOptions: { define: { __BUILD_ID__: JSON.stringify(buildId) } },
});
