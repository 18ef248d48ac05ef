// A road import reads its source twice and streams the edges into the store: the count of vertices against a Map (in
// memory and spread over files), the network the same as one built whole, batches written while the source is still
// being read, and a source that changes between its readings refused with nothing changed.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mulberry32 } from '@/lib/places/dataset/prng';
import { buildNetwork } from '@/lib/roads/import/build-network';
import { importRoads } from '@/lib/roads/import/import-roads';
import { JunctionCounter } from '@/lib/roads/import/junction-count';
import { openRoadSource } from '@/lib/roads/import/open-source';
import type { RoadSource, SourceWay } from '@/lib/roads/import/types';
import { SqliteRoadStore } from '@/lib/roads/store/sqlite/store';
import type { NetworkRows, RoadStore } from '@/lib/roads/store/types';
import { WEST_OAKLAND } from '../support/osm-extracts';

describe('counting the vertices', () => {
  const inMemory = undefined;
  const spilled = { memoryKeys: 4_096, partitions: 8, partitionBuffer: 64 };
  it.each([
    ['OSM ids', (n: number) => n, inMemory],
    ['OSM ids, spread over files', (n: number) => n, spilled],
    ['ids past 2^32, spread over files', (n: number) => 13_000_000_000 + n, spilled],
    ['negative ids (new objects in an editor’s file), spread over files', (n: number) => -1 - n, spilled],
    ['text keys', (n: number) => `${n / 1e4},${n % 97}`, inMemory],
    ['text keys, spread over files', (n: number) => `${n / 1e4},${n % 97}`, spilled],
  ])('finds the junctions a Map of passes finds, and keeps ids for them alone: %s', (_kind, keyOf: (n: number) => number | string, limits) => {
    const rng = mulberry32(5);
    const counter = new JunctionCounter(limits);
    const passes = new Map<number | string, number>();
    for (let i = 0; i < 60_000; i++) {
      const key = keyOf(Math.floor(rng() * 40_000));
      counter.pass(key);
      passes.set(key, (passes.get(key) ?? 0) + 1);
    }
    const table = counter.finish();
    counter.discard();
    const junctions = [...passes].filter(([, count]) => count >= 2).map(([key]) => key);
    expect(table.size).toBe(junctions.length);
    let id = 0;
    for (const [key, count] of passes) {
      expect(table.isJunction(key)).toBe(count >= 2);
      expect(table.idOf(key)).toBe(-1);
      expect(table.setId(key, id++)).toBe(count >= 2);
    }
    for (const key of junctions) expect(table.idOf(key)).toBeGreaterThanOrEqual(0);
    const stranger = keyOf(99_999);
    expect([table.isJunction(stranger), table.idOf(stranger), table.setId(stranger, 1)]).toEqual([false, -1, false]);
    expect([counter.passes, counter.peakBytes > 0]).toEqual([60_000, true]);
  });

  it('builds the same network from a real extract when its count goes to files as a country’s does', async () => {
    const before = new Set(fs.readdirSync(os.tmpdir()));
    const inMemory = await buildNetwork(openRoadSource(WEST_OAKLAND));
    const spilled = await buildNetwork(openRoadSource(WEST_OAKLAND), { memoryKeys: 32, partitions: 4, partitionBuffer: 8 });
    // Every edge passes two vertices at least: past 16 edges, past the 32 passes held in memory.
    expect(inMemory.edges.length).toBeGreaterThan(40);
    expect(spilled.nodes).toEqual(inMemory.nodes);
    expect(spilled.edges).toEqual(inMemory.edges);
    expect(fs.readdirSync(os.tmpdir()).filter((name) => name.startsWith('roads-junctions-') && !before.has(name))).toEqual([]);
  }, 120_000);

  it('writes to files only past its memory, and leaves none behind', () => {
    const before = fs.readdirSync(os.tmpdir()).filter((name) => name.startsWith('roads-junctions-')).length;
    const counter = new JunctionCounter({ memoryKeys: 1_024, partitions: 4, partitionBuffer: 16 });
    for (let i = 0; i < 5_000; i++) counter.pass(i % 2_500);
    expect(fs.readdirSync(os.tmpdir()).filter((name) => name.startsWith('roads-junctions-')).length).toBe(before + 1);
    expect(counter.finish().size).toBe(2_500);
    const failed = new JunctionCounter({ memoryKeys: 1_024, partitions: 4, partitionBuffer: 16 });
    for (let i = 0; i < 5_000; i++) failed.pass(i);
    failed.discard();
    expect(fs.readdirSync(os.tmpdir()).filter((name) => name.startsWith('roads-junctions-')).length).toBe(before);
  });

  it('refuses keys of two kinds', () => {
    const counter = new JunctionCounter();
    counter.pass(1);
    expect(() => counter.pass('1')).toThrow("a string key among number keys: a source's vertex keys are all of one kind");
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
