// Reading road files: GeoJSON (collections and sequences), OpenStreetMap extracts through osmium-tool (XML, PBF,
// bzip2), cutting ways at junctions, and the refusals that name the problem and change nothing.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildNetwork } from '@/lib/roads/import/build-network';
import { importRoads } from '@/lib/roads/import/import-roads';
import { openRoadSource } from '@/lib/roads/import/open-source';
import { roadsOsmium } from '@/lib/roads/import/osm-source';
import { parseOplWay } from '@/lib/roads/import/opl';
import { SqliteRoadStore } from '@/lib/roads/store/sqlite/store';

let dir: string;
const file = (name: string, content: string) => {
  const full = path.join(dir, name);
  fs.writeFileSync(full, content);
  return full;
};

// Two roads crossing at node 3, a footway, and a way whose last node the extract lacks.
const OSM_XML = `<?xml version="1.0" encoding="UTF-8"?>
<osm version="0.6" generator="test">
  <node id="1" lat="57.70" lon="11.90"/>
  <node id="2" lat="57.70" lon="11.91"/>
  <node id="3" lat="57.70" lon="11.92"/>
  <node id="4" lat="57.71" lon="11.92"/>
  <node id="5" lat="57.69" lon="11.92"/>
  <node id="6" lat="57.70" lon="11.93"/>
  <way id="10"><nd ref="1"/><nd ref="2"/><nd ref="3"/><nd ref="6"/><tag k="highway" v="primary"/><tag k="name" v="Storgatan, norra"/><tag k="maxheight" v="11'6&quot;"/></way>
  <way id="11"><nd ref="4"/><nd ref="3"/><nd ref="5"/><tag k="highway" v="residential"/><tag k="oneway" v="yes"/><tag k="maxweight" v="3,5"/></way>
  <way id="12"><nd ref="1"/><nd ref="4"/><tag k="highway" v="footway"/></way>
  <way id="13"><nd ref="6"/><nd ref="99"/><tag k="highway" v="service"/></way>
</osm>
`;

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'roads-import-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('OpenStreetMap extracts through osmium-tool', () => {
  it.each([
    ['.osm', (xml: string) => file('extract.osm', xml)],
    ['.osm.pbf', (xml: string) => {
      const pbf = path.join(dir, 'extract.osm.pbf');
      execFileSync('osmium', ['cat', file('for-pbf.osm', xml), '-o', pbf, '--overwrite']);
      return pbf;
    }],
    ['.osm.bz2', (xml: string) => {
      const bz2 = path.join(dir, 'extract.osm.bz2');
      execFileSync('osmium', ['cat', file('for-bz2.osm', xml), '-o', bz2, '--overwrite']);
      return bz2;
    }],
  ])('reads %s: roads cut at their junctions, nodes keyed by OSM id', async (_ending, make) => {
    const built = await buildNetwork(openRoadSource(make(OSM_XML)));
    expect(built.nodes.map((n) => n.osmId).sort()).toEqual([1, 3, 4, 5, 6]);
    expect(built.edges.map((e) => [e.wayId, e.name, e.highway, e.oneway, e.geometry.length])).toEqual([
      [10, 'Storgatan, norra', 'primary', 'both', 3],
      [10, 'Storgatan, norra', 'primary', 'both', 2],
      [11, null, 'residential', 'forward', 2],
      [11, null, 'residential', 'forward', 2],
    ]);
    expect(built.edges[0].maxheightM).toBeCloseTo(3.5052, 9);
    expect(built.unreadable).toEqual({ counts: { maxweight: 1 }, examples: { maxweight: ['3,5'] } });
    // The footway is left out by osmium's filter; the service road lost its only other node at the extract's edge.
    expect(built.waysRead).toBe(2);
  });

  it('filters and locates the extract once, into a temporary file removed after the import, as after a refusal', async () => {
    const tmp = fs.mkdtempSync(path.join(dir, 'tmp-'));
    const previous = process.env.TMPDIR;
    process.env.TMPDIR = tmp;
    const store = SqliteRoadStore.open(path.join(dir, 'once.sqlite'));
    try {
      const source = openRoadSource(file('once.osm', OSM_XML));
      const readings: string[][] = [];
      for (let reading = 0; reading < 2; reading++) {
        const ids: string[] = [];
        for await (const way of source.ways()) ids.push(`${way.wayId}:${way.keys.join(',')}`);
        readings.push(ids);
        expect(fs.readdirSync(tmp).filter((name) => name.startsWith('roads-osm-'))).toHaveLength(1);
      }
      expect(readings[1]).toEqual(readings[0]);
      await source.close!();
      expect(fs.readdirSync(tmp)).toEqual([]);
      await importRoads(store, openRoadSource(file('once-more.osm', OSM_XML)), 'once-more.osm');
      await expect(importRoads(store, openRoadSource(file('broken-too.osm', '<osm><way id="1"')), 'broken-too.osm')).rejects.toThrow(/^osmium could not read/);
      expect(fs.readdirSync(tmp)).toEqual([]);
      process.env.TMPDIR = path.join(tmp, 'missing');
      await expect(importRoads(store, openRoadSource(file('no-tmp.osm', OSM_XML)), 'no-tmp.osm')).rejects.toThrow(
        `the road import could not make its temporary files in ${path.join(tmp, 'missing')} (set TMPDIR to another directory): ENOENT`,
      );
    } finally {
      if (previous === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = previous;
      await store.close();
    }
  });

  it('says what an extract needs when osmium runs out of memory (its own message, or killed by the kernel) or of disk', () => {
    const memory = /^osmium ran out of memory reading us\.osm\.pbf: it needs about 2 GiB free whatever the extract's size/;
    expect(roadsOsmium.failure('/data/us.osm.pbf', 1, null, 'Out of memory. Read the MEMORY USAGE section of the osmium(1) manpage.\n').message).toMatch(memory);
    expect(roadsOsmium.failure('/data/us.osm.pbf', null, 'SIGKILL', '').message).toMatch(memory);
    expect(roadsOsmium.failure('/data/us.osm.pbf', 1, null, 'Write failed: No space left on device\n').message).toMatch(
      new RegExp(`^the road import ran out of disk space in ${os.tmpdir()} reading us\\.osm\\.pbf: .* set TMPDIR to a disk with room$`),
    );
    expect(roadsOsmium.failure('/data/us.osm.pbf', null, 'SIGSEGV', '').message).toBe('osmium could not read us.osm.pbf: stopped by SIGSEGV');
    expect(roadsOsmium.failure('/data/us.osm.pbf', 1, null, 'x\nOPL error: line 3\n').message).toBe('osmium could not read us.osm.pbf: OPL error: line 3');
  });

  it('names a file osmium cannot read', async () => {
    await expect(buildNetwork(openRoadSource(file('broken.osm', '<osm><way id="1"')))).rejects.toThrow(/^osmium could not read broken\.osm: /);
  });
});

describe("osmium's OPL lines", () => {
  it('reads a way with escaped tags and node locations, missing ones as null', () => {
    expect(parseOplWay('w10 Thighway=primary,name=Storgatan%2c%%20%norra,note=a%3d%b Nn1x11.9y57.7,n2x-0.5y-1.25,n3xy')).toEqual({
      id: 10,
      tags: { highway: 'primary', name: 'Storgatan, norra', note: 'a=b' },
      nodes: [
        { id: 1, location: [11.9, 57.7] },
        { id: 2, location: [-0.5, -1.25] },
        { id: 3, location: null },
      ],
    });
    expect(parseOplWay('n3 Thighway=traffic_signals x11.9 y57.7')).toBeNull();
  });
});

describe('GeoJSON road lines', () => {
  const feature = (geometry: object, properties: object, id?: string) => ({ type: 'Feature', id, properties, geometry });

  it('reads LineStrings and MultiLineStrings, joins lines where their coordinates meet, and passes over areas and points', async () => {
    const collection = {
      type: 'FeatureCollection',
      features: [
        feature({ type: 'LineString', coordinates: [[10, 50], [10.01, 50], [10.02, 50]] }, { highway: 'secondary', '@id': 'way/7' }),
        feature({ type: 'MultiLineString', coordinates: [[[10.01, 50], [10.01, 50.01]], [[10.03, 50], [10.04, 50]]] }, { highway: 'tertiary', maxspeed: 40 }, 'way/8'),
        feature({ type: 'Polygon', coordinates: [[[10, 50], [10.01, 50], [10.01, 50.01], [10, 50]]] }, { highway: 'pedestrian', area: 'yes' }),
        feature({ type: 'Point', coordinates: [10, 50] }, { highway: 'traffic_signals' }),
      ],
    };
    const built = await buildNetwork(openRoadSource(file('roads.geojson', JSON.stringify(collection))));
    expect(built.edges.map((e) => [e.wayId, e.geometry])).toEqual([
      [7, [[10, 50], [10.01, 50]]],
      [7, [[10.01, 50], [10.02, 50]]],
      [8, [[10.01, 50], [10.01, 50.01]]],
      [8, [[10.03, 50], [10.04, 50]]],
    ]);
    expect(built.edges[2]).toMatchObject({ speedKmh: 40, speedFrom: 'maxspeed' });
    expect(built.nodes.every((n) => n.osmId === null)).toBe(true);
    expect(built.nodes).toHaveLength(6);
  });

  it('reads one feature a line, with or without the record separator', async () => {
    const lines = [
      `\x1e${JSON.stringify(feature({ type: 'LineString', coordinates: [[10, 50], [10.01, 50]] }, { highway: 'primary' }))}`,
      '',
      JSON.stringify(feature({ type: 'LineString', coordinates: [[10.01, 50], [10.02, 50]] }, { highway: 'footway' })),
    ];
    const built = await buildNetwork(openRoadSource(file('roads.geojsonseq', lines.join('\n'))));
    expect(built.edges).toHaveLength(1);
    expect(built.waysSkipped).toBe(1);
  });
});

describe('refusals that name the problem and change nothing', () => {
  it.each([
    ['roads.txt', 'x', /^roads\.txt: unknown kind of file; roads:import reads OpenStreetMap extracts \(\.osm, \.osm\.pbf, \.pbf, \.osm\.bz2, \.osm\.gz\) and GeoJSON road lines/],
    ['broken.geojson', '{"type": "FeatureCollection", "features": [', /^broken\.geojson is not valid JSON: /],
    ['point.geojson', '{"type": "Feature"}', /^point\.geojson is not a GeoJSON FeatureCollection$/],
    ['bad.ndjson', '{"type": "Feature"\n', /^bad\.ndjson, line 1: not a JSON feature$/],
  ])('%s', async (name, content, message) => {
    const store = SqliteRoadStore.open(path.join(dir, `${name}.sqlite`));
    try {
      await expect((async () => importRoads(store, openRoadSource(file(name, content)), name))()).rejects.toThrow(message);
      expect(await store.current()).toBeNull();
    } finally {
      await store.close();
    }
  });

  it('a file that is not there', () => {
    expect(() => openRoadSource(path.join(dir, 'missing.osm.pbf'))).toThrow(/missing\.osm\.pbf does not exist$/);
  });

  it('an extract with no roads leaves the previous network answering', async () => {
    const store = SqliteRoadStore.open(path.join(dir, 'no-roads.sqlite'));
    try {
      const roads = file('first.geojson', JSON.stringify({ type: 'FeatureCollection', features: [{ type: 'Feature', properties: { highway: 'primary' }, geometry: { type: 'LineString', coordinates: [[10, 50], [10.01, 50]] } }] }));
      await importRoads(store, openRoadSource(roads), roads);
      const before = await store.current();
      const empty = file('footways.osm', OSM_XML.replace(/"primary"|"residential"/g, '"footway"'));
      await expect(importRoads(store, openRoadSource(empty), empty)).rejects.toThrow(
        'footways.osm has no roads a vehicle drives (highway=motorway down to service, as lines) among its 0 lines: nothing changed',
      );
      expect(await store.current()).toEqual(before);
    } finally {
      await store.close();
    }
  });
});
