// The areas of an extract are drawn with nodes and member ways fetched in slices of the id range
// (lib/places/osm/referenced.ts): an area whose nodes fall in different slices, a multipolygon of untagged ways whose
// nodes do too, and a way cut at the extract's edge (a node missing, which `osmium getid` reports by its exit code).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { exportExtract, featureOfLine } from '@/lib/places/osm/extract';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'osm-referenced-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** A square's four corners around (lon, lat), with the given ids. */
const corners = (ids: number[], lon: number, lat: number) =>
  ids.map((id, i) => `n${id} v1 x${(lon + (i === 1 || i === 2 ? 0.01 : 0)).toFixed(7)} y${(lat + (i >= 2 ? 0.01 : 0)).toFixed(7)} T`);
const ring = (ids: number[]) => [...ids, ids[0]].map((id) => `n${id}`).join(',');

const SLICED = [7, 3_000_000_001, 9_000_000_002, 12_000_000_003];
const MEMBER = [11, 2_500_000_011, 6_000_000_011, 11_500_000_011];

function writeOpl(): string {
  const nodes = [
    ...corners(SLICED, -111, 40),
    ...corners(MEMBER, -110, 40),
    'n13 v1 x-109.5 y40.5 Tamenity=water_point',
  ].sort((a, b) => Number(a.split(' ')[0].slice(1)) - Number(b.split(' ')[0].slice(1)));
  const ways = [
    `w1 v1 Ttourism=camp_site,name=Spread%20%Pines N${ring(SLICED)}`,
    `w2 v1 T N${ring(MEMBER)}`,
    // Its second node is not in the extract, as at an extract's edge: no area, and no failure.
    `w3 v1 Ttourism=caravan_site,name=Cut%20%Off N${ring([11, 4_000_000_000, 6_000_000_011, 11_500_000_011])}`,
  ];
  const relations = ['r1 v1 Mw2@outer Ttype=multipolygon,leisure=park,name=Member%20%Park'];
  const file = path.join(dir, 'sliced.opl');
  fs.writeFileSync(file, `${[...nodes, ...ways, ...relations].join('\n')}\n`);
  return file;
}

describe('the areas of an extract, their nodes fetched a slice of the id range at a time', () => {
  it('places an area of nodes in four slices, a multipolygon of an untagged way, and a tagged node; a way missing a node is not an area', async () => {
    const work = fs.mkdtempSync(path.join(dir, 'work-'));
    const steps: string[] = [];
    const exported = await exportExtract(writeOpl(), work, (step) => steps.push(step));
    expect(steps).toEqual([
      'the objects of the tag table',
      'the areas’ member ways, slice 1 of 1',
      ...[1, 2, 3, 4, 5].map((i) => `the areas’ nodes, slice ${i} of 5`),
      'the objects and their areas’ ways and nodes, merged',
      'the places as GeoJSON, areas with their nodes’ locations',
    ]);
    const features = fs.readFileSync(exported, 'utf8').trim().split('\n').map(featureOfLine);
    const byKey = new Map(features.map((f) => [f!.key, f!]));
    expect([...byKey.keys()].sort()).toEqual(['n13', 'r1', 'w1']);
    const spread = byKey.get('w1')!;
    expect(spread.tags.name).toBe('Spread Pines');
    expect(spread.lon).toBeGreaterThan(-111);
    expect(spread.lon).toBeLessThan(-110.99);
    const park = byKey.get('r1')!;
    expect(park.tags.name).toBe('Member Park');
    expect(park.lon).toBeGreaterThan(-110);
    expect(park.lon).toBeLessThan(-109.99);
    expect(byKey.get('n13')!.tags.amenity).toBe('water_point');
    expect(fs.readdirSync(work)).toEqual(['places.geojsonseq']);
  });
});
