// A prepared contraction hierarchy kept in a file (lib/roads/router/ch/hierarchy-file.ts): read back, it routes as
// the one contracted; a file prepared for another network or vehicle, cut short or of another kind is refused with
// one line saying so, never read as a hierarchy (one of an earlier format or another network from its header alone).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { EdgeTable } from '@/lib/roads/edge-table';
import { buildArcs } from '@/lib/roads/router/arcs';
import { contractHierarchy } from '@/lib/roads/router/ch/contract';
import { readHierarchy, writeHierarchy } from '@/lib/roads/router/ch/hierarchy-file';
import { HierarchyQuery } from '@/lib/roads/router/ch/query';
import { gridTown, street } from './support/grid-town';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hierarchy-file-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const town = (side: number, seed: number, coreArcsPerNode = Infinity) => {
  const [streets] = fc.sample(fc.array(street, { minLength: 2 * side * side, maxLength: 2 * side * side }), { numRuns: 1, seed });
  const edges = gridTown(side, streets);
  const arcs = buildArcs(side * side, EdgeTable.of(edges));
  // Closed streets carry one of three limit profiles, so the profiles' arrays are written and read too.
  const profileOf = (a: number) => (edges[arcs.out.edge[a]].closed ? edges[arcs.out.edge[a]].lengthM % 3 : -1);
  return { n: side * side, hierarchy: contractHierarchy(arcs, { profileOf, coreArcsPerNode }) };
};

describe('a prepared hierarchy in a file', () => {
  it('reads back the same arrays and where its core begins, and routes every pair as the hierarchy it was written from', async () => {
    const { n, hierarchy } = town(9, 7, 2.5);
    expect(hierarchy.coreFrom).toBeLessThan(n);
    const file = path.join(dir, 'town.ch');
    await writeHierarchy(file, hierarchy, 'town 9 (class A rig)');
    const read = await readHierarchy(file, 'town 9 (class A rig)');
    expect(read).toEqual(hierarchy);
    const [written, loaded] = [HierarchyQuery.of(hierarchy), HierarchyQuery.of(read)];
    expect(read.profiles.length).toBeGreaterThan(0);
    for (const allowed of [null, Uint8Array.of(1, 0, 1)]) {
      for (let from = 0; from < n; from++) for (let to = 0; to < n; to++) expect(loaded.route(from, to, allowed)).toEqual(written.route(from, to, allowed));
    }
    expect(fs.readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('refuses a file prepared for something else, cut short, or not a hierarchy, saying which', async () => {
    const { hierarchy } = town(6, 11);
    const file = path.join(dir, 'other.ch');
    await writeHierarchy(file, hierarchy, 'town 6 (car)');
    await expect(readHierarchy(file, 'town 6 (class A rig)')).rejects.toThrow(`${file} was prepared for town 6 (car), not town 6 (class A rig): prepare it again`);
    const cut = path.join(dir, 'cut.ch');
    fs.writeFileSync(cut, fs.readFileSync(file).subarray(0, fs.statSync(file).size - 9));
    await expect(readHierarchy(cut, 'town 6 (car)')).rejects.toThrow(/cut\.ch is cut short \(at profiles\): prepare it again$/);
    const foreign = path.join(dir, 'foreign.ch');
    fs.writeFileSync(foreign, '{"type":"FeatureCollection","features":[]}\n');
    await expect(readHierarchy(foreign, 'town 6 (car)')).rejects.toThrow(/foreign\.ch is not a prepared hierarchy of this version/);
    fs.writeFileSync(foreign, Buffer.from([0, 1, 2, 3]));
    await expect(readHierarchy(foreign, 'town 6 (car)')).rejects.toThrow(/foreign\.ch is not a prepared hierarchy of this version/);
  });

  it('refuses a file of an earlier format, or prepared for another network, from its header, before reading the rest', async () => {
    // 64 GiB as the header says, sparse on disk: read whole, it could not be held (an allocation error, not this line).
    const huge = (header: object) => {
      const file = path.join(dir, 'huge.ch');
      fs.writeFileSync(file, `${JSON.stringify(header)}\n`);
      fs.truncateSync(file, 64 * 2 ** 30);
      return file;
    };
    const earlier = huge({ format: 'trip-explorer contraction hierarchy 4', preparedFor: 'the US', lengths: { rank: 2 ** 33 } });
    await expect(readHierarchy(earlier, 'the US')).rejects.toThrow(/^.*huge\.ch is not a prepared hierarchy of this version \(trip-explorer contraction hierarchy 5\)$/);
    const other = huge({ format: 'trip-explorer contraction hierarchy 5', preparedFor: 'road network 1', lengths: { rank: 2 ** 33 } });
    await expect(readHierarchy(other, 'road network 2')).rejects.toThrow(`${other} was prepared for road network 1, not road network 2: prepare it again`);
  });
});
