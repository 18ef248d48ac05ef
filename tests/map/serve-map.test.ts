// The imported map over HTTP, on both engines: tiles with their headers and refusals, and the style over them.
import zlib from 'node:zlib';
import { VectorTile } from '@mapbox/vector-tile';
import { validateStyleMin } from '@maplibre/maplibre-gl-style-spec';
import { PbfReader } from 'pbf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppServer } from '@/lib/app/app-server';
import type { AppConfig } from '@/lib/config/env';
import { importMap } from '@/lib/map/import/import-map';
import { openTileStore } from '@/lib/map/store';
import type { TileStore } from '@/lib/map/store/types';
import { tileAt } from '@/lib/map/tile-path';
import { WEST_OAKLAND } from '../support/osm-extracts';
import { createTestDatabase, type TestDatabase } from '../support/postgres';
import { startApiServer } from '../support/test-server';
import { jsonOf, rawRequest } from '../support/raw-request';
import { waitUntil } from '../support/wait';

const request = rawRequest;
const json = jsonOf;
const oakland = tileAt(-122.3004, 37.8076, 14);
const oaklandPath = `/tiles/14/${oakland.x}/${oakland.y}.pbf`;

// Imports run tilemaker (5 s and more a time here): each test has minutes, a hang guard.
describe.each(['sqlite', 'postgres'] as const)('the map on %s', { timeout: 300_000 }, (engine) => {
  let app: AppServer & { config: AppConfig };
  let database: TestDatabase | null = null;
  let importer: TileStore;

  beforeAll(async () => {
    database = engine === 'postgres' ? await createTestDatabase('map') : null;
    const env: Record<string, string> = database ? { DATABASE_URL: database.url, DATABASE_READ_URLS: database.readUrls.join(',') } : {};
    app = await startApiServer({ demo: false, env });
    // Another door on the same store, as `npm run map:import` is: the server finds the map it imports.
    importer = await openTileStore(app.config);
  });

  afterAll(async () => {
    await importer?.close();
    await app?.close();
    await database?.drop();
  });

  it('says there is no map before one is imported', async () => {
    for (const path of [oaklandPath, '/map/style.json']) {
      const answer = await request(app, path);
      expect(answer.status).toBe(404);
      expect(json(answer)).toEqual({ error: { code: 'no_map', message: 'no map has been imported (npm run map:import -- extract.osm.pbf)' } });
    }
  });

  it('serves an imported map’s tiles gzipped as stored, with their type, ETag and caching, to a running server', async () => {
    await importMap(importer, WEST_OAKLAND, { dataDir: app.context.dataDir.root });
    await waitUntil('the server to find the imported map', async () => (await request(app, oaklandPath)).status === 200);
    const answer = await request(app, oaklandPath, { headers: { 'accept-encoding': 'gzip, br' } });
    expect(answer.headers).toMatchObject({
      'content-type': 'application/vnd.mapbox-vector-tile',
      'content-encoding': 'gzip',
      'cache-control': 'public, max-age=86400, stale-while-revalidate=604800',
      vary: 'accept-encoding',
      'content-length': String(answer.body.length),
    });
    const tile = new VectorTile(new PbfReader(zlib.gunzipSync(answer.body)));
    expect(tile.layers.transportation.length).toBeGreaterThan(0);

    // A client that takes no gzip gets the tile itself; one that has it already gets a 304.
    const plain = await request(app, oaklandPath);
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.equals(zlib.gunzipSync(answer.body))).toBe(true);
    const etag = String(answer.headers.etag);
    expect(etag).toMatch(/^"[\w-]+-14-\d+-\d+"$/);
    const again = await request(app, oaklandPath, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    // As proxies send it too: weak, or in a list.
    expect((await request(app, oaklandPath, { headers: { 'if-none-match': `"other", W/${etag}` } })).status).toBe(304);
    const head = await request(app, oaklandPath, { method: 'HEAD', headers: { 'accept-encoding': 'gzip' } });
    expect(head.status).toBe(200);
    expect(head.headers['content-length']).toBe(answer.headers['content-length']);
    expect(head.body.length).toBe(0);
  });

  it('answers an empty tile inside the pyramid with 204, and refuses tiles outside it and malformed paths', async () => {
    const empty = await request(app, '/tiles/14/0/0.pbf');
    expect(empty.status).toBe(204);
    expect(empty.headers.etag).toBeDefined();
    // Kept a minute only: an empty answer during an import must not blank a browser's map for a day.
    expect(empty.headers['cache-control']).toBe('public, max-age=60');

    const deeper = await request(app, `/tiles/15/${oakland.x * 2}/${oakland.y * 2}.pbf`);
    expect(deeper.status).toBe(404);
    expect(json(deeper)).toEqual({ error: { code: 'outside_pyramid', message: 'the map has tiles from zoom 0 to 14' } });

    for (const [path, message] of [
      ['/tiles/3/9/0.pbf', 'at zoom 3, x and y run from 0 to 7'],
      ['/tiles/14/abc/1.pbf', 'a tile path is /tiles/{z}/{x}/{y}.pbf, with whole numbers for z, x and y'],
      ['/tiles/14/1/1.png', 'a tile path is /tiles/{z}/{x}/{y}.pbf, with whole numbers for z, x and y'],
      ['/tiles/99/0/0.pbf', 'zoom 99 is past the deepest zoom a tile can have (22)'],
    ]) {
      const answer = await request(app, path);
      expect(answer.status, path).toBe(400);
      expect(json(answer)).toEqual({ error: { code: 'invalid_tile', message } });
    }

    const post = await request(app, oaklandPath, { method: 'POST' });
    expect(post.status).toBe(405);
    expect(post.headers.allow).toBe('GET, HEAD, OPTIONS');
    expect(json(post).error.code).toBe('method_not_allowed');
  });

  it('serves the style over the tiles, credited to OpenMapTiles and OpenStreetMap', async () => {
    const answer = await request(app, '/map/style.json');
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
    const style = json(answer);
    expect(style.sources.openmaptiles).toMatchObject({
      type: 'vector',
      tiles: [expect.stringMatching(/^\/tiles\/\{z\}\/\{x\}\/\{y\}\.pbf\?v=[\w-]+$/)],
      minzoom: 0,
      maxzoom: 14,
    });
    expect(style.sources.openmaptiles.attribution).toMatch(/© OpenMapTiles.*© OpenStreetMap contributors/);
    // A style maplibre takes: valid against the style specification, every layer id once.
    expect(validateStyleMin(style)).toEqual([]);
    const ids = style.layers.map((l: { id: string }) => l.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(expect.arrayContaining(['sea', 'land', 'water', 'park', 'road-motorway', 'road-minor-casing', 'transportation_name', 'road-shield', 'place']));
    // The roads lie under every label.
    expect(ids.indexOf('road-motorway')).toBeLessThan(ids.indexOf('city-labels'));
    // Paths, fetched from wherever the page came from; the tiles' average sizes, for keeping them offline.
    expect(style.sources.countries.data).toBe('/basemap/countries.geojson');
    expect(style.metadata['trip-explorer:average-tile-bytes']['14']).toBeGreaterThan(0);
  });

  it('serves a newer import under new ETags', async () => {
    const before = String((await request(app, oaklandPath)).headers.etag);
    await importMap(importer, WEST_OAKLAND, { dataDir: app.context.dataDir.root });
    await waitUntil('the server to find the newer map', async () => String((await request(app, oaklandPath)).headers.etag) !== before);
    expect((await request(app, oaklandPath)).status).toBe(200);
    if (database) {
      // The set before stays until the next import (other instances may answer from it a moment longer), no more.
      await importMap(importer, WEST_OAKLAND, { dataDir: app.context.dataDir.root });
      const pg = new (await import('pg')).default.Client({ connectionString: database.url });
      await pg.connect();
      const { rows } = await pg.query<{ n: number }>('SELECT count(*)::int AS n FROM map_tilesets');
      await pg.end();
      expect(rows[0].n).toBe(2);
    }
  });
});
