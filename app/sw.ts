/// <reference lib="webworker" />
// The service worker (built into public/sw.js by `serwist build`, serwist.config.mjs). It keeps the app's shell
// (scripts, styles, the offline basemap, the map's worker, the icons and the /offline page) and the Explorer's last
// page; a person's data is the app's to keep (IndexedDB, and the `kept-` caches it fills), never the worker's.
// Requests no route below matches (the APIs under /api, Next's RSC fetches, the gazetteer) are not answered by the
// worker at all: they go to the network as without it, and Next falls back to a full navigation when an RSC fetch fails.
import type { PrecacheEntry, SerwistGlobalConfig } from 'serwist';
import { CacheFirst, NetworkFirst, NetworkOnly, Serwist } from 'serwist';
import { offlineBasemapStyle } from '@/lib/explorer/basemap-style';

declare global {
  interface WorkerGlobalScope extends SerwistGlobalConfig {
    __SW_MANIFEST: (PrecacheEntry | string)[] | undefined;
  }
}
declare const self: ServiceWorkerGlobalScope;
/** Next's `.next/BUILD_ID`, written in by serwist.config.mjs. */
declare const __BUILD_ID__: string;

/** Caches the app fills itself (a trip kept offline, its images): they outlive releases. */
const KEPT_PREFIX = 'kept-';
const KEPT_IMAGES = `${KEPT_PREFIX}images`;
const KEPT_MAP = `${KEPT_PREFIX}map`;
// Named in full: Serwist's `cacheId` prefix reaches the runtime caches but not the precache, named before it applies.
const PRECACHE = `trip-explorer-precache-${__BUILD_ID__}`;
const PAGES = `trip-explorer-pages-${__BUILD_ID__}`;
const OFFLINE_PAGE = '/offline';

const sameOrigin = (url: URL) => url.origin === self.location.origin;
// A connection that hangs rather than fails gives way to the kept tiles after 3 s.
const keptMap = new NetworkFirst({ cacheName: KEPT_MAP, networkTimeoutSeconds: 3, plugins: [{ cacheWillUpdate: async () => null }] });

const serwist = new Serwist({
  precacheEntries: self.__SW_MANIFEST,
  precacheOptions: { cacheName: PRECACHE },
  // The first visit is controlled as soon as the worker is active; a new release takes over at once.
  skipWaiting: true,
  clientsClaim: true,
  navigationPreload: true,
  disableDevLogs: true,
  runtimeCaching: [
    {
      // The Explorer: the last page it showed, whatever its query, when the network fails.
      matcher: ({ request, url }) => request.mode === 'navigate' && sameOrigin(url) && url.pathname === '/',
      handler: new NetworkFirst({
        cacheName: PAGES,
        matchOptions: { ignoreSearch: true },
        // One entry, the newest: every query is stored under `/`.
        plugins: [{ cacheKeyWillBeUsed: async ({ request }) => new URL('/', request.url).href }],
      }),
    },
    {
      // Every other page carries a person's data (trips, account): network only, /offline when it fails.
      matcher: ({ request }) => request.mode === 'navigate',
      handler: new NetworkOnly(),
    },
    {
      // The map's tiles (the imported map's, or the road network's without one): from the network, and from those
      // kept along a kept trip's route when there is none; the app fills that cache when keeping the trip, the worker
      // never writes there.
      matcher: ({ url }) => sameOrigin(url) && (url.pathname.startsWith('/tiles/') || url.pathname.startsWith('/map/roads/')),
      handler: keptMap,
    },
    {
      // Its style the same way; with neither (no trip kept with its map), the offline basemap's, so that a page kept
      // offline (the Explorer's last one) still draws a map.
      matcher: ({ url }) => sameOrigin(url) && url.pathname === '/map/style.json',
      handler: (options) => keptMap.handle(options).catch(() => Response.json(offlineBasemapStyle(''))),
    },
    {
      // Place images of a kept trip, from the cache the app fills when keeping it; the worker never writes there.
      matcher: ({ url }) => sameOrigin(url) && url.pathname.startsWith('/media/'),
      handler: new CacheFirst({ cacheName: KEPT_IMAGES, plugins: [{ cacheWillUpdate: async () => null }] }),
    },
  ],
  fallbacks: {
    entries: [{ url: OFFLINE_PAGE, matcher: ({ request }) => request.destination === 'document' }],
  },
});

// A new release drops the previous one's caches (precache and pages), never the app's kept ones.
self.addEventListener('activate', (event) => {
  const current = new Set([PRECACHE, PAGES]);
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(names.filter((name) => !current.has(name) && !name.startsWith(KEPT_PREFIX)).map((name) => caches.delete(name))),
      ),
  );
});

serwist.addEventListeners();
