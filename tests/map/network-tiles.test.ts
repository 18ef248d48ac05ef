// The road network drawn on the map when no map is imported, on both engines: its style (credited, labelled as
// generated when it is), its tiles by zoom, their headers and refusals, a new network under new URLs, and the map
// taking over once imported.
import zlib from 'node:zlib';
import { VectorTile } from '@mapbox/vector-tile';
import { validateStyleMin } from '@maplibre/maplibre-gl-style-spec';
import { PbfReader } from 'pbf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppServer } from '@/lib/app/app-server';
import type { AppConfig } from '@/lib/config/env';
import { importMap } from '@/lib/map/import/import-map';
import { NetworkTiles } from '@/lib/map/network/network-tiles';
import { openTileStore } from '@/lib/map/store';
import { tileAt } from '@/lib/map/tile-path';
import { importRoads } from '@/lib/roads/import/import-roads';
import type { RoadSource, SourceWay } from '@/lib/roads/import/types';
import { openRoadStore } from '@/lib/roads/store';
import type { RoadStore } from '@/lib/roads/store/types';
import { WEST_OAKLAND } from '../support/osm-extracts';
import { createTestDatabase, type TestDatabase } from '../support/postgres';
import { startApiServer } from '../support/test-server';
import { jsonOf, type RawAnswer, rawRequest } from '../support/raw-request';
import { waitUntil } from '../support/wait';

const request = (app: AppServer, path: string, headers: Record<string, string> = {}) => rawRequest(app, path, { headers });
const json = jsonOf;

// An Interstate through Denver and a street off it, 2 km long.
const way = (id: number, coordinates: [number, number][], tags: Record<string, string>): SourceWay => ({
  wayId: id,
  keys: coordinates.map(([lon, lat]) => `${lon},${lat}`),
  coordinates,
  tags,
});
const DENVER_WAYS = [
  way(1, [[-105.02, 39.74], [-105.0, 39.74], [-104.98, 39.74]], { highway: 'motorway', ref: 'I 70', name: 'Interstate 70' }),
  way(2, [[-105.0, 39.74], [-105.0, 39.75], [-105.0, 39.76]], { highway: 'residential', name: 'Elm Street' }),
];
const source = (label: string, ways: SourceWay[]): RoadSource => ({
  label,
  osmNodeIds: false,
  async *ways() {
    yield* ways;
  },
});

function tilePath(z: number) {
  const t = tileAt(-105.0, 39.745, z);
  return `/map/roads/${z}/${t.x}/${t.y}.pbf`;
}

/** The roads a tile draws, each once (an edge ends at every junction, so a road comes in pieces). */
function roadsIn(answer: RawAnswer) {
  const body = answer.headers['content-encoding'] === 'gzip' ? zlib.gunzipSync(answer.body) : answer.body;
  const tile = new VectorTile(new PbfReader(body));
  const layer = tile.layers.roads;
  const roads = Array.from({ length: layer?.length ?? 0 }, (_, i) => JSON.stringify(layer.feature(i).properties));
  return [...new Set(roads)].sort().map((r) => JSON.parse(r));
}

describe.each(['sqlite', 'postgres'] as const)('the road network on the map on %s', { timeout: 300_000 }, (engine) => {
  let app: AppServer & { config: AppConfig };
  let database: TestDatabase | null = null;
  let roads: RoadStore;

  beforeAll(async () => {
    database = engine === 'postgres' ? await createTestDatabase('network_tiles') : null;
    const env: Record<string, string> = database ? { DATABASE_URL: database.url, DATABASE_READ_URLS: database.readUrls.join(',') } : {};
    app = await startApiServer({ demo: false, env });
    // Another door on the same store, as `npm run roads:import` is: the server finds the network it imports.
    roads = await openRoadStore(app.config, app.context.dataDir);
  });

  afterAll(async () => {
    await roads?.close();
    await app?.close();
    await database?.drop();
  });

  it('has no style and no road tiles before there is a network', async () => {
    expect((await request(app, '/map/style.json')).status).toBe(404);
    const answer = await request(app, tilePath(10));
    expect(answer.status).toBe(404);
    expect(json(answer).error.code).toBe('no_roads');
  });

  it('draws a generated network under the offline basemap’s labels, and says it is generated', async () => {
    await importRoads(roads, source('Generated for the test', DENVER_WAYS), 'test-roads', { name: 'Test roads (generated)', generated: true });
    await waitUntil('the style over the roads', async () => (await request(app, '/map/style.json')).status === 200);
    const style = json(await request(app, '/map/style.json'));
    expect(validateStyleMin(style)).toEqual([]);
    expect(style.sources.roads).toMatchObject({ type: 'vector', minzoom: 4, maxzoom: 12, attribution: 'Roads: generated for the demo, not real roads' });
    expect(style.sources.roads.tiles[0]).toMatch(/^\/map\/roads\/\{z\}\/\{x\}\/\{y\}\.pbf\?v=[\w-]+$/);
    expect(style.sources.roads.bounds).toEqual([-105.02, 39.74, -104.98, 39.76]);
    const ids = style.layers.map((l: { id: string }) => l.id);
    expect(ids.indexOf('road-motorway')).toBeGreaterThan(ids.indexOf('land'));
    expect(ids.indexOf('road-motorway')).toBeLessThan(ids.indexOf('city-labels'));
    // Route numbers in shields above every road and place name; the images are the browser's (lib/map/shield-images.ts).
    expect(ids.at(-2)).toBe('road-shield');
    expect(style.sprite).toBeUndefined();
    // Each zoom's tile size is measured, for what keeping a trip offline will take.
    expect(Object.keys(style.metadata['trip-explorer:average-tile-bytes'])).toEqual(['4', '5', '6', '7', '8', '9', '10', '11', '12']);
    expect(style.metadata['trip-explorer:average-tile-bytes']['12']).toBeGreaterThan(0);
  });

  it('serves major roads alone at the country’s zooms and streets from zoom 10, gzipped, with ETag and caching', async () => {
    const low = await request(app, tilePath(6), { 'accept-encoding': 'gzip' });
    expect(low.status).toBe(200);
    expect(low.headers).toMatchObject({ 'content-type': 'application/vnd.mapbox-vector-tile', 'content-encoding': 'gzip', 'cache-control': 'public, max-age=86400, stale-while-revalidate=604800' });
    expect(roadsIn(low)).toEqual([{ class: 'motorway', name: 'Interstate 70', ref: 'I 70', network: 'us-interstate', route: '70' }]);
    expect(roadsIn(await request(app, tilePath(9), { 'accept-encoding': 'gzip' }))).toEqual([{ class: 'motorway', name: 'Interstate 70', ref: 'I 70', network: 'us-interstate', route: '70' }]);
    const streets = [{ class: 'minor', name: 'Elm Street' }, { class: 'motorway', name: 'Interstate 70', ref: 'I 70', network: 'us-interstate', route: '70' }];
    expect(roadsIn(await request(app, tilePath(10), { 'accept-encoding': 'gzip' }))).toEqual(streets);
    const high = await request(app, tilePath(12), { 'accept-encoding': 'gzip' });
    expect(roadsIn(high)).toEqual(streets);
    const again = await request(app, tilePath(12), { 'if-none-match': `W/${high.headers.etag}` });
    expect(again.status).toBe(304);
    const plain = await request(app, tilePath(12));
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(roadsIn(plain)).toEqual(streets);
    const head = await rawRequest(app, tilePath(12), { method: 'HEAD', headers: { 'accept-encoding': 'gzip' } });
    expect([head.status, head.body.length, head.headers['content-length']]).toEqual([200, 0, high.headers['content-length']]);
    const post = await rawRequest(app, tilePath(12), { method: 'POST' });
    expect([post.status, post.headers.allow, jsonOf(post).error.code]).toEqual([405, 'GET, HEAD, OPTIONS', 'method_not_allowed']);
  });

  it('keeps no tile asked for under another network’s version (a style read just before an import)', async () => {
    const style = json(await request(app, '/map/style.json'));
    const current = style.sources.roads.tiles[0].split('?')[1];
    expect((await request(app, `${tilePath(12)}?${current}`)).headers['cache-control']).toBe('public, max-age=86400, stale-while-revalidate=604800');
    expect((await request(app, `${tilePath(12)}?v=0-gone`)).headers['cache-control']).toBe('no-store');
  });

  it('answers 204 where no road lies, and refuses zooms outside the network’s and malformed paths', async () => {
    const sea = tileAt(-140, 30, 8);
    const empty = await request(app, `/map/roads/8/${sea.x}/${sea.y}.pbf`);
    expect(empty.status).toBe(204);
    expect(empty.headers['cache-control']).toBe('public, max-age=60');
    const deep = await request(app, tilePath(13));
    expect(deep.status).toBe(404);
    expect(json(deep)).toEqual({ error: { code: 'outside_pyramid', message: 'the road network has tiles from zoom 4 to 12' } });
    for (const path of ['/map/roads/8/1/x.pbf', '/map/roads/08/1/1.pbf', '/map/roads/3/9/1.pbf', '/map/roads/8/1.pbf']) {
      const bad = await request(app, path);
      expect(bad.status, path).toBe(400);
      expect(json(bad).error.code).toBe('invalid_tile');
    }
  });

  it('serves a newly imported network under new URLs and ETags, credited to OpenStreetMap', async () => {
    const before = json(await request(app, '/map/style.json'));
    const oldEtag = (await request(app, tilePath(12))).headers.etag;
    await importRoads(roads, source('OpenStreetMap extract denver.osm.pbf', DENVER_WAYS.slice(1)), 'denver.osm.pbf');
    await waitUntil('the new network', async () => json(await request(app, '/map/style.json')).sources.roads.tiles[0] !== before.sources.roads.tiles[0]);
    const after = json(await request(app, '/map/style.json'));
    expect(after.sources.roads.attribution).toContain('© OpenStreetMap contributors');
    const tile = await request(app, tilePath(12), { 'accept-encoding': 'gzip' });
    expect(tile.headers.etag).not.toBe(oldEtag);
    expect(roadsIn(tile)).toEqual([{ class: 'minor', name: 'Elm Street' }]);
  });

  it('gives way to an imported map', async () => {
    await using imported = await openTileStore(app.config).then((store) => Object.assign(store, { [Symbol.asyncDispose]: () => store.close() }));
    await importMap(imported, WEST_OAKLAND, { dataDir: app.context.dataDir.root });
    await waitUntil('the imported map', async () => json(await request(app, '/map/style.json')).sources.openmaptiles !== undefined);
    expect(json(await request(app, '/map/style.json')).sources.roads).toBeUndefined();
    // Nor is the network cut for whoever asks for its tiles.
    expect(json(await request(app, tilePath(12))).error.code).toBe('no_roads');
  });
});

describe('a network too large to draw from the road store', () => {
  it('is not cut into tiles: the map import draws it', async () => {
    const network = { id: 7, name: 'Colorado', source: 'OpenStreetMap extract colorado.osm.pbf', importedAt: new Date(0).toISOString(), generated: false, nodeCount: 3, edgeCount: 3, unreadable: {} };
    let loads = 0;
    const store = { current: async () => network, load: async () => (loads++, null) } as unknown as RoadStore;
    const tiles = new NetworkTiles(() => store, { maxEdges: 2 });
    expect(await tiles.drawableNetwork()).toBeNull();
    expect(await tiles.current()).toBeNull();
    expect(loads).toBe(0);
    expect(await new NetworkTiles(() => store, { maxEdges: 3 }).drawableNetwork()).toEqual(network);
  });
});
