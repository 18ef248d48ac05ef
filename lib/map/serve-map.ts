import type { IncomingMessage, ServerResponse } from 'node:http';
import zlib from 'node:zlib';
import { allowHeader } from '@/lib/http/allow-header';
import { importedMapStyle } from './imported-style';
import { networkMapStyle } from './network/network-style';
import { NETWORK_ZOOMS, type NetworkTiles } from './network/network-tiles';
import { NETWORK_TILE_PREFIX, STYLE_PATH, TILE_PREFIX } from './paths';
import type { StoredTile, TileStore } from './store/types';
import { parseTilePath } from './tile-path';

/** A tile is the same bytes for as long as its map answers (its URL and ETag name the import): a day, then asked again. */
const TILE_CACHE = 'public, max-age=86400, stale-while-revalidate=604800';
/** An empty tile is kept a minute only: a moment of doubt during an import must not blank a browser's map for a day. */
const EMPTY_TILE_CACHE = 'public, max-age=60';
const NO_MAP = 'no map has been imported (npm run map:import -- extract.osm.pbf)';
const NO_ROADS = 'no road network is drawn: none has been imported, or the map was imported instead';

function sendError(res: ServerResponse, status: number, code: string, message: string, head: boolean, headers: Record<string, string> = {}) {
  const body = JSON.stringify({ error: { code, message } });
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': String(Buffer.byteLength(body)), 'cache-control': 'no-store', ...headers });
  res.end(head ? undefined : body);
}

/** `If-None-Match` as browsers and proxies send it: one ETag or a list, weak or strong, or `*`. */
function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t.replace(/^W\//, '') === etag;
  });
}

const acceptsGzip = (req: IncomingMessage) => /\bgzip\b/i.test(String(req.headers['accept-encoding'] ?? ''));

/**
 * The map over HTTP: the imported map's `/tiles/{z}/{x}/{y}.pbf` (vector tiles, gzip as stored), the road network's
 * `/map/roads/{z}/{x}/{y}.pbf` (drawn when no map is imported), and `/map/style.json` (the Explorer's style over
 * whichever there is). Resolves false for any other path.
 */
export async function serveMap(store: TileStore, network: NetworkTiles, req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean> {
  const isTile = url.pathname.startsWith(TILE_PREFIX);
  const isNetworkTile = url.pathname.startsWith(NETWORK_TILE_PREFIX);
  if (!isTile && !isNetworkTile && url.pathname !== STYLE_PATH) return false;
  const head = req.method === 'HEAD';
  if (req.method !== 'GET' && !head) {
    sendError(res, 405, 'method_not_allowed', 'This endpoint takes GET only.', false, { allow: allowHeader(['GET']) });
    return true;
  }
  if (isTile) await serveTile(store, req, res, url, head);
  else if (isNetworkTile) await serveNetworkTile(store, network, req, res, url, head);
  else await serveStyle(store, network, res, head);
  return true;
}

async function serveTile(store: TileStore, req: IncomingMessage, res: ServerResponse, url: URL, head: boolean) {
  const parsed = parseTilePath(url.pathname);
  if (!parsed.ok) return sendError(res, 400, 'invalid_tile', parsed.reason, head);
  const info = await store.info();
  if (!info) return sendError(res, 404, 'no_map', NO_MAP, head);
  const { z, x, y } = parsed.tile;
  if (z < info.minzoom || z > info.maxzoom) return sendError(res, 404, 'outside_pyramid', `the map has tiles from zoom ${info.minzoom} to ${info.maxzoom}`, head);
  await sendTile(req, res, head, `"${info.version}-${z}-${x}-${y}"`, () => store.tile(z, x, y));
}

async function serveNetworkTile(store: TileStore, network: NetworkTiles, req: IncomingMessage, res: ServerResponse, url: URL, head: boolean) {
  const parsed = parseTilePath(url.pathname, NETWORK_TILE_PREFIX);
  if (!parsed.ok) return sendError(res, 400, 'invalid_tile', parsed.reason, head);
  // An imported map draws the roads itself: the network is not cut for anyone who asks.
  const set = (await store.info()) ? null : await network.current();
  if (!set) return sendError(res, 404, 'no_roads', NO_ROADS, head);
  const { z, x, y } = parsed.tile;
  if (z < NETWORK_ZOOMS.min || z > NETWORK_ZOOMS.max) return sendError(res, 404, 'outside_pyramid', `the road network has tiles from zoom ${NETWORK_ZOOMS.min} to ${NETWORK_ZOOMS.max}`, head);
  // A URL naming another network (a style read just before an import switched) gets today's tile, kept by no one.
  const asked = url.searchParams.get('v');
  const cache = asked !== null && asked !== set.version ? 'no-store' : TILE_CACHE;
  await sendTile(req, res, head, `"roads-${set.version}-${z}-${x}-${y}"`, () => {
    const data = set.tile(z, x, y);
    return data ? { data, gzipped: true } : null;
  }, cache);
}

/** A tile with its ETag: 304 when the browser has it, 204 where nothing is drawn, else its bytes, gzip when asked. */
async function sendTile(req: IncomingMessage, res: ServerResponse, head: boolean, etag: string, load: () => Promise<StoredTile | null> | StoredTile | null, cache = TILE_CACHE) {
  const common = { etag, 'cache-control': cache, vary: 'accept-encoding' };
  if (matchesEtag(req.headers['if-none-match'], etag)) {
    res.writeHead(304, common);
    res.end();
    return;
  }
  const tile = await load();
  // Inside the pyramid but with nothing drawn there (open sea, beyond the extract): an empty tile, as maplibre expects.
  if (!tile) {
    res.writeHead(204, { ...common, 'cache-control': cache === TILE_CACHE ? EMPTY_TILE_CACHE : cache });
    res.end();
    return;
  }
  const gzip = tile.gzipped && acceptsGzip(req);
  const body = tile.gzipped && !gzip ? zlib.gunzipSync(tile.data) : tile.data;
  res.writeHead(200, {
    ...common,
    'content-type': 'application/vnd.mapbox-vector-tile',
    'content-length': String(body.length),
    ...(gzip ? { 'content-encoding': 'gzip' } : {}),
  });
  res.end(head ? undefined : body);
}

async function serveStyle(store: TileStore, network: NetworkTiles, res: ServerResponse, head: boolean) {
  const info = await store.info();
  const set = info ? null : await network.current();
  if (!info && !set) return sendError(res, 404, 'no_map', NO_MAP, head);
  const body = JSON.stringify(info ? importedMapStyle(info) : networkMapStyle(set!));
  const version = info ? info.version : `roads-${set!.version}`;
  // Short: a new import changes the tiles' ETags and this style's version; pages read it afresh within a minute.
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': String(Buffer.byteLength(body)), 'cache-control': 'public, max-age=60', etag: `"style-${version}"` });
  res.end(head ? undefined : body);
}
