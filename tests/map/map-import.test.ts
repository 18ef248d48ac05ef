// The map import on the embedded engine: real extracts made into tiles by Debian's tilemaker, all or nothing.
// tilemaker takes 5 to 30 s an extract here, more on a loaded machine: each test has minutes (a hang guard).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { VectorTile } from '@mapbox/vector-tile';
import { PbfReader } from 'pbf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MapImportError } from '@/lib/map/import/errors';
import { importMap } from '@/lib/map/import/import-map';
import { SqliteTileStore } from '@/lib/map/store/sqlite/store';
import { tileAt } from '@/lib/map/tile-path';
import { VANCOUVER, WEST_OAKLAND } from '../support/osm-extracts';
import { tempDataDir } from '../support/temp-dirs';

let dataDir: string;
let store: SqliteTileStore;
let clock = 0;

beforeAll(() => {
  dataDir = tempDataDir('map');
  // The store looks at its file again only after half a second of its clock: this clock moves when a test says.
  store = new SqliteTileStore(path.join(dataDir, 'map.mbtiles'), () => clock);
});
afterAll(() => store?.close());

async function decodedTile(lon: number, lat: number, z: number): Promise<VectorTile> {
  const { x, y } = tileAt(lon, lat, z);
  const tile = await store.tile(z, x, y);
  expect(tile, `tile ${z}/${x}/${y}`).not.toBeNull();
  expect(tile!.gzipped).toBe(true);
  return new VectorTile(new PbfReader(zlib.gunzipSync(tile!.data)));
}

function classesIn(tile: VectorTile, layer: string): Set<string> {
  const found = new Set<string>();
  const l = tile.layers[layer];
  for (let i = 0; l && i < l.length; i++) found.add(String(l.feature(i).properties.class));
  return found;
}

const leftovers = () => fs.readdirSync(dataDir).filter((f) => f.startsWith('.map-import-'));

const TILEMAKER_TIMEOUT = { timeout: 300_000 };

describe('the map import', () => {
  it('makes West Oakland’s map (an .osm.bz2): its streets are in the transportation layer at zoom 14', TILEMAKER_TIMEOUT, async () => {
    const phases: string[] = [];
    const summary = await importMap(store, WEST_OAKLAND, { dataDir, onPhase: (p) => phases.push(p), now: () => new Date('2026-12-02T06:00:00Z') });
    expect(phases).toEqual(['reading the extract', 'checking its references', 'making tiles', 'checking the tiles', 'storing the tiles']);
    expect(summary.info).toMatchObject({ source: 'West-Oakland.osm.bz2', minzoom: 0, maxzoom: 14, importedAt: '2026-12-02T06:00:00.000Z' });
    expect(summary.info.layers).toEqual(expect.arrayContaining(['transportation', 'transportation_name', 'building', 'place', 'water', 'park']));
    // Counted and measured at the import: tiles as a browser's cache holds them (unpacked) are larger than stored.
    expect(summary.info.tileCount).toBeGreaterThan(10);
    expect(summary.info.averageTileBytes['14']).toBeGreaterThan(0);
    clock += 1000;
    expect(await store.info()).toEqual(summary.info);
    const tile = await decodedTile(-122.3004, 37.8076, 14);
    expect(tile.layers.transportation.length).toBeGreaterThan(0);
    expect(leftovers()).toEqual([]);
  });

  it('goes on with the map before when the file is replaced by one it cannot read', async () => {
    const before = await store.info();
    const file = path.join(dataDir, 'map.mbtiles');
    const kept = path.join(dataDir, 'kept.mbtiles');
    fs.copyFileSync(file, kept);
    fs.rmSync(file);
    fs.writeFileSync(file, 'not a map\n');
    clock += 1000;
    expect(await store.info()).toEqual(before);
    fs.rmSync(file);
    fs.renameSync(kept, file);
    clock += 1000;
    expect(await store.info()).toEqual(before);
  });

  it('makes Vancouver’s map, leaving out the ways whose nodes the extract lacks; downtown has its roads by class and street names', TILEMAKER_TIMEOUT, async () => {
    const before = await store.info();
    const summary = await importMap(store, VANCOUVER, { dataDir });
    expect(summary.waysWithoutNodes).toBe(582);
    expect(summary.info.version).not.toBe(before!.version);
    expect(summary.info.bounds).toEqual([-123.29, 49.195, -123.02, 49.32]);
    clock += 1000;
    expect((await store.info())!.source).toBe('vancouver_canada.osm.pbf');
    const downtown = await decodedTile(-123.1207, 49.2827, 14);
    expect([...classesIn(downtown, 'transportation')]).toEqual(expect.arrayContaining(['primary', 'minor']));
    const names = downtown.layers.transportation_name;
    expect(names.length).toBeGreaterThan(0);
    const streetNames = Array.from({ length: names.length }, (_, i) => names.feature(i).properties['name:latin']);
    expect(streetNames).toEqual(expect.arrayContaining(['Granville Street']));
    // The city at a low zoom: one tile, with its place name.
    const city = await decodedTile(-123.1207, 49.2827, 8);
    expect(city.layers.place).toBeDefined();
  });

  it('refuses a truncated extract, a file that is not one, and a missing file, and the map before goes on answering', TILEMAKER_TIMEOUT, async () => {
    const before = await store.info();
    const truncated = path.join(dataDir, 'truncated.osm.pbf');
    fs.writeFileSync(truncated, fs.readFileSync(VANCOUVER).subarray(0, 100_000));
    await expect(importMap(store, truncated, { dataDir })).rejects.toThrow(new MapImportError('osmium could not read truncated.osm.pbf: PBF error: unexpected EOF'));
    const notAnExtract = path.join(dataDir, 'notes.osm.pbf');
    fs.writeFileSync(notAnExtract, 'these are my notes\n');
    await expect(importMap(store, notAnExtract, { dataDir })).rejects.toThrow(/^osmium could not read notes\.osm\.pbf: PBF error/);
    const xml = path.join(dataDir, 'broken.osm');
    fs.writeFileSync(xml, '<osm version="0.6"><node id="1" lat="49.2" lon="-123.1"');
    await expect(importMap(store, xml, { dataDir })).rejects.toThrow(/^osmium could not read broken\.osm: /);
    await expect(importMap(store, path.join(dataDir, 'nowhere.osm.pbf'), { dataDir })).rejects.toThrow(/nowhere\.osm\.pbf does not exist$/);
    clock += 1000;
    expect(await store.info()).toEqual(before);
    expect(leftovers()).toEqual([]);
  });

  it('reads an OPL extract, which has no bounding box of its own, and refuses one with nothing to draw', TILEMAKER_TIMEOUT, async () => {
    const opl = path.join(dataDir, 'lane.opl');
    fs.writeFileSync(
      opl,
      ['n1 v1 x-123.1000 y49.2800', 'n2 v1 x-123.0990 y49.2805', 'n3 v1 x-123.0980 y49.2810', 'w1 v1 Thighway=residential,name=Test%20%Lane Nn1,n2,n3', ''].join('\n'),
    );
    const summary = await importMap(store, opl, { dataDir });
    expect(summary.info.source).toBe('lane.opl');
    clock += 1000;
    const tile = await decodedTile(-123.099, 49.2805, 14);
    expect(classesIn(tile, 'transportation')).toEqual(new Set(['minor']));

    const empty = path.join(dataDir, 'empty.opl');
    fs.writeFileSync(empty, 'n1 v1 x-123.1 y49.28\n');
    await expect(importMap(store, empty, { dataDir })).rejects.toThrow(/empty\.opl holds nothing to draw/);
    clock += 1000;
    expect((await store.info())!.source).toBe('lane.opl');
  });

  it('gives the roads’ route numbers their shields’ networks, from the first of their refs', TILEMAKER_TIMEOUT, async () => {
    const opl = path.join(dataDir, 'routes.opl');
    const tags = ['highway=motorway,ref=I%20%70;US%20%6', 'highway=trunk,ref=US%20%191', 'highway=primary,ref=UT%20%128', 'highway=secondary,ref=99A', 'highway=secondary,ref=Old%20%Spanish%20%Trail'];
    // Nodes first, then ways, as OPL wants them: road i runs east from node 2i+1 to node 2i+2.
    const nodes = tags.flatMap((_, i) => [`n${2 * i + 1} v1 x-109.60 y${38.64 + i * 0.002}`, `n${2 * i + 2} v1 x-109.50 y${38.64 + i * 0.002}`]);
    const ways = tags.map((t, i) => `w${i + 1} v1 T${t} Nn${2 * i + 1},n${2 * i + 2}`);
    fs.writeFileSync(opl, [...nodes, ...ways, ''].join('\n'));
    await importMap(store, opl, { dataDir });
    clock += 1000;
    const names = (await decodedTile(-109.55, 38.64, 12)).layers.transportation_name;
    const shields = Array.from({ length: names.length }, (_, i) => names.feature(i).properties).map(({ ref, network, route }) => ({ ref, network, route }));
    expect(shields).toEqual(
      expect.arrayContaining([
        { ref: 'I 70;US 6', network: 'us-interstate', route: '70' },
        { ref: 'US 191', network: 'us-highway', route: '191' },
        { ref: 'UT 128', network: 'us-state', route: '128' },
        { ref: '99A', network: 'road', route: '99A' },
        { ref: 'Old Spanish Trail', network: 'road', route: undefined },
      ]),
    );
    // A primary or secondary road with a number has its shield from zoom 8, as motorways do; its name waits for 12.
    const far = (await decodedTile(-109.55, 38.64, 9)).layers.transportation_name;
    const farRefs = Array.from({ length: far.length }, (_, i) => far.feature(i).properties.ref);
    expect(farRefs.sort()).toEqual(['99A', 'I 70;US 6', 'US 191', 'UT 128']);
  });
});
