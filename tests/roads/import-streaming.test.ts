// A road import reads its source twice and streams the edges into the store: the vertex table against a Map, the
// network the same as one built whole, batches written while the source is still being read, and a source that
// changes between its readings refused with nothing changed.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mulberry32 } from '@/lib/places/dataset/prng';
import { buildNetwork } from '@/lib/roads/import/build-network';
import { importRoads } from '@/lib/roads/import/import-roads';
import { JunctionTable } from '@/lib/roads/import/junction-table';
import type { RoadSource, SourceWay } from '@/lib/roads/import/types';
import { SqliteRoadStore } from '@/lib/roads/store/sqlite/store';
import type { NetworkRows, RoadStore } from '@/lib/roads/store/types';

describe('the table of vertices', () => {
  it.each([
    ['OSM ids', (n: number) => n],
    ['ids past 2^32', (n: number) => 13_000_000_000 + n],
    ['text keys', (n: number) => `${n / 1e4},${n % 97}`],
  ])('counts passes and keeps ids as a Map does, through its growth: %s', (_kind, keyOf: (n: number) => number | string) => {
    const rng = mulberry32(5);
    const table = new JunctionTable(4);
    const passes = new Map<number | string, number>();
    for (let i = 0; i < 60_000; i++) {
      const key = keyOf(Math.floor(rng() * 40_000));
      table.pass(key);
      passes.set(key, (passes.get(key) ?? 0) + 1);
    }
    expect(table.size).toBe(passes.size);
    let id = 0;
    for (const [key, count] of passes) {
      expect(table.isJunction(key)).toBe(count >= 2);
      expect(table.idOf(key)).toBe(-1);
      expect(table.setId(key, id++)).toBe(true);
    }
    id = 0;
    for (const key of passes.keys()) expect(table.idOf(key)).toBe(id++);
    const stranger = keyOf(99_999);
    expect([table.isJunction(stranger), table.idOf(stranger), table.setId(stranger, 1)]).toEqual([false, -1, false]);
  });

  it('refuses keys of two kinds', () => {
    const table = new JunctionTable();
    table.pass(1);
    expect(() => table.pass('1')).toThrow("a string key among number keys: a source's vertex keys are all of one kind");
  });
});

/** Rows of residential streets, each crossing the next one's start: `count` ways of `length` vertices. */
function streets(count: number, length = 6): SourceWay[] {
  return Array.from({ length: count }, (_, i) => {
    const keys = Array.from({ length }, (_, k) => i * (length - 1) + k);
    return { wayId: i + 1, keys, coordinates: keys.map((k) => [10 + k * 1e-4, 50 + (k % 7) * 1e-5] as [number, number]), tags: { highway: 'residential' } };
  });
}

/** A source over `ways`, telling how far each reading has got; `changed` gives the second reading other ways. */
function listSource(ways: SourceWay[], changed?: SourceWay[]) {
  const state = { readings: 0, position: 0 };
  const source: RoadSource = {
    label: 'listed streets',
    osmNodeIds: true,
    async *ways() {
      state.readings++;
      const list = state.readings > 1 && changed ? changed : ways;
      for (state.position = 0; state.position < list.length; state.position++) yield list[state.position];
    },
  };
  return { source, state };
}

/** The store, recording where the source's second reading was at each batch it was given. */
function watching(store: SqliteRoadStore, state: { readings: number; position: number }) {
  const positions: number[] = [];
  const watched: RoadStore = Object.assign(Object.create(store) as RoadStore, {
    replace: (network: Parameters<RoadStore['replace']>[0], rows: NetworkRows) =>
      store.replace(
        network,
        (async function* () {
          for await (const batch of rows) {
            positions.push(state.position);
            yield batch;
          }
        })(),
      ),
  });
  return { watched, positions };
}

describe('an import that streams', () => {
  let dir: string;
  let store: SqliteRoadStore;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'roads-streaming-'));
    store = SqliteRoadStore.open(path.join(dir, 'roads.sqlite'));
  });
  afterEach(async () => {
    await store.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('writes batches while the source is still being read, and the network is the one built whole', async () => {
    const ways = streets(12_000);
    const { source, state } = listSource(ways);
    const { watched, positions } = watching(store, state);
    const summary = await importRoads(watched, source, 'streets.osm');
    expect(state.readings).toBe(2);
    expect(positions.length).toBe(3);
    expect(positions[0]).toBeLessThan(ways.length / 2);

    const whole = await buildNetwork(listSource(ways).source);
    const loaded = (await store.load())!;
    expect(summary.network).toMatchObject({ nodeCount: whole.nodes.length, edgeCount: whole.edges.length });
    expect(loaded.nodes).toEqual(whole.nodes);
    expect(loaded.edges.toArray().map((e) => [e.id, e.from, e.to, e.wayId, e.geometry.length])).toEqual(whole.edges.map((e) => [e.id, e.from, e.to, e.wayId, e.geometry.length]));
    expect(summary.lengthKm).toBeCloseTo(whole.edges.reduce((sum, e) => sum + e.lengthM, 0) / 1000, 6);
  });

  it('refuses a source that changed between its two readings, and the previous network goes on answering', async () => {
    await importRoads(store, listSource(streets(10)).source, 'first.osm');
    const before = await store.current();
    const ways = streets(3_000);
    const moved = ways.map((way, i) => (i === 2_500 ? { ...way, keys: way.keys.map((k) => Number(k) + 1e9) } : way));
    await expect(importRoads(store, listSource(ways, moved).source, 'second.osm')).rejects.toThrow('listed streets changed while it was being read: import it again');
    const fewer = listSource(ways, ways.slice(0, 2_000)).source;
    await expect(importRoads(store, fewer, 'third.osm')).rejects.toThrow('listed streets changed while it was being read: import it again');
    expect(await store.current()).toEqual(before);
  });
});
