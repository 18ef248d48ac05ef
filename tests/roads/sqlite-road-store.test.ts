// The SQLite road store reads a network in slices (raw rows, a turn of the event loop between them): every row comes
// back as it was written, past the first slice, and a network switched by an import during the read is not read half.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RoadEdge, RoadNode } from '@/lib/roads/edge';
import { SqliteRoadStore } from '@/lib/roads/store/sqlite/store';

/** A line of `count` edges west to east (at the store's 1e-7° precision), every 7th one-way and every 11th with limits, so the columns vary. */
function line(count: number): { nodes: RoadNode[]; edges: RoadEdge[] } {
  const nodes = Array.from({ length: count + 1 }, (_, id) => ({ id, osmId: id % 2 ? 1000 + id : null, lon: (110_000_000 + id * 10_000) / 1e7, lat: 57.7 }));
  const edges = Array.from(
    { length: count },
    (_, id): RoadEdge => ({
      id,
      from: id,
      to: id + 1,
      wayId: id % 3 ? 500 + id : null,
      highway: id % 5 ? 'residential' : 'primary',
      name: id % 4 ? `Street ${id}` : null,
      ref: null,
      speedKmh: id % 5 ? 30 : 80,
      speedFrom: 'class',
      oneway: id % 7 ? 'both' : 'forward',
      lengthM: 63.5,
      geometry: [
        [nodes[id].lon, nodes[id].lat],
        [nodes[id + 1].lon, nodes[id + 1].lat],
      ],
      maxheightM: id % 11 ? null : 3.6,
      maxwidthM: null,
      maxlengthM: null,
      maxweightT: id % 11 ? null : 7.5,
      access: null,
      motorcar: null,
      hgv: id % 11 ? null : 'no',
      hazmat: null,
      tunnel: id % 13 === 0,
      tunnelCategory: id % 13 ? null : 'E',
    }),
  );
  return { nodes, edges };
}

const about = (name: string) => ({ name, source: 'test', importedAt: '2026-11-27T12:00:00.000Z', generated: true, unreadable: {} });

describe('SQLite road store: reading a network', () => {
  let dir: string;
  let store: SqliteRoadStore;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sqlite-road-store-'));
    store = SqliteRoadStore.open(path.join(dir, 'roads.sqlite'));
  });
  afterEach(async () => {
    await store.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('gives back every node and edge as written, over several slices', async () => {
    const { nodes, edges } = line(45_000);
    await store.replace(about('Line'), [{ nodes, edges }]);
    const loaded = (await store.load())!;
    // Compared one by one (the test runner's deep comparison of 45,000 objects takes minutes); the first that differs is shown.
    expect(loaded.nodes).toHaveLength(nodes.length);
    expect(loaded.edges).toHaveLength(edges.length);
    const node = nodes.findIndex((n, i) => !isDeepStrictEqual(n, loaded.nodes[i]));
    const edge = edges.findIndex((e, i) => !isDeepStrictEqual(e, loaded.edges.get(i)));
    expect(node === -1 ? null : loaded.nodes[node]).toEqual(node === -1 ? null : nodes[node]);
    expect(edge === -1 ? null : loaded.edges.get(edge)).toEqual(edge === -1 ? null : edges[edge]);
  });

  it('reads the new network whole when an import switches networks during the read', async () => {
    const first = line(45_000);
    await store.replace(about('First'), [first]);
    const second = line(30_000);
    const [loaded] = await Promise.all([store.load(), store.replace(about('Second'), [second])]);
    expect(loaded!.nodes).toHaveLength(loaded!.network.nodeCount);
    expect(loaded!.edges).toHaveLength(loaded!.network.edgeCount);
  });
});
