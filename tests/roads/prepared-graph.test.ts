// The prepared graph (lib/roads/router/prepared-graph.ts) on the OSM ways around Gothenburg (© OpenStreetMap
// contributors, ODbL; see support/gothenburg.ts): read back, it is the graph that was built (every edge with its
// limits and names, every arc, place and landmark) and its index snaps as the one built; read without its search aids
// (for a kept hierarchy) it stops before them, and its A* routes as on the arcs' times; bytes prepared for another network, cut short or of another kind are
// refused with one line. A router keeps it beside its hierarchy and the next one reads it (without the search aids)
// instead of the store's rows, and routes the same.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mulberry32 } from '@/lib/places/dataset/prng';
import { joinPieces, packBytes, readPackFile, writePackFile } from '@/lib/core/typed-pack';
import { fileShelf, graphFileBeside } from '@/lib/roads/router/ch/shelf';
import { buildGraph } from '@/lib/roads/router/graph';
import { GraphRouter } from '@/lib/roads/router/graph-router';
import { chooseLandmarks } from '@/lib/roads/router/landmarks';
import { decodePreparedGraph, encodePreparedGraph, graphPrefix, type PreparedGraph } from '@/lib/roads/router/prepared-graph';
import { search } from '@/lib/roads/router/search';
import { EdgeIndex } from '@/lib/roads/router/snap';
import { seconds } from '@/lib/roads/router/traversal';
import { SqliteRoadStore } from '@/lib/roads/store/sqlite/store';
import type { LoadedNetwork } from '@/lib/roads/store/types';
import { PRESET_VEHICLES } from '@/lib/roads/vehicle';
import { gothenburgLines, gothenburgPairs, gothenburgStore } from './support/gothenburg';

let gothenburg: Awaited<ReturnType<typeof gothenburgStore>>;
let network: LoadedNetwork;
let prepared: PreparedGraph;

beforeAll(async () => {
  gothenburg = await gothenburgStore('prepared-graph');
  network = gothenburg.network;
  const built = buildGraph(network);
  prepared = { built, index: new EdgeIndex(network.edges), landmarks: chooseLandmarks(built.arcs, 4), searchAids: true };
});

afterAll(() => gothenburg?.close());

const PREPARED_FOR = 'Gothenburg, 4 landmarks';

describe('a prepared road graph', () => {
  it('reads back every edge, arc, place and landmark, and its index snaps as the one built', () => {
    const read = decodePreparedGraph(joinPieces(encodePreparedGraph(prepared, PREPARED_FOR)), PREPARED_FOR, 'the bytes');
    const { built } = prepared;
    expect(read.built.edges.toArray()).toEqual(built.edges.toArray());
    expect(built.edges.toArray().some((edge) => edge.maxheightM !== null || edge.access !== null)).toBe(true);
    expect(built.edges.toArray().some((edge) => edge.name !== null)).toBe(true);
    expect(read.built.arcs).toEqual(built.arcs);
    expect([read.built.places, read.built.limited, read.built.maxSpeedMps, read.built.networkId]).toEqual([built.places, built.limited, built.maxSpeedMps, built.networkId]);
    expect(read.landmarks).toEqual(prepared.landmarks);

    // Points around the network's own vertices, up to a few hundred metres off.
    const rng = mulberry32(5);
    let snapped = 0;
    for (const [[lon, lat]] of gothenburgPairs(gothenburgLines(), 200, 5)) {
      const point: [number, number] = [lon + (rng() - 0.5) * 0.01, lat + (rng() - 0.5) * 0.005];
      const snap = read.index.nearest(point, 5_000, () => true);
      expect(snap).toEqual(prepared.index.nearest(point, 5_000, () => true));
      if (snap) snapped++;
    }
    expect(snapped).toBe(200);
  });

  it('reads back from its file a chunk at a time, each chunk into its own view (one view holds at most 4 GiB)', async () => {
    const file = path.join(gothenburg.dir, 'chunks.graph.bin');
    await writePackFile(file, encodePreparedGraph(prepared, PREPARED_FOR));
    const bytes = await readPackFile(file, 4_099);
    expect(bytes.length).toBe(fs.statSync(file).size);
    expect(decodePreparedGraph(bytes, PREPARED_FOR, file).built.arcs).toEqual(prepared.built.arcs);
  });

  it('reads without its search aids the bytes before them only: every edge, arc forwards and place, no arcs turned round or landmarks', async () => {
    const file = path.join(gothenburg.dir, 'without-aids.graph.bin');
    await writePackFile(file, encodePreparedGraph(prepared, PREPARED_FOR));
    const bytes = await readPackFile(file, 4_099, graphPrefix(PREPARED_FOR, file, false));
    const { out, in: into } = prepared.built.arcs;
    const aidBytes = Object.values(into).reduce((sum, array) => sum + array.byteLength, 0) + out.weight.byteLength + prepared.landmarks!.times.byteLength;
    expect(bytes.length).toBeLessThanOrEqual(fs.statSync(file).size - aidBytes);
    const read = decodePreparedGraph(bytes, PREPARED_FOR, file, false);
    expect(read.searchAids).toBe(false);
    expect(read.landmarks).toBeNull();
    expect(read.built.arcs.in.head.length).toBe(0);
    const withoutTimes = { ...out, weight: new Float64Array(0) };
    expect(read.built.arcs.out).toEqual(withoutTimes);
    expect(read.built.edges.toArray()).toEqual(prepared.built.edges.toArray());
    expect(read.built.places).toEqual(prepared.built.places);
    // Whole bytes read without the aids give the same.
    expect(decodePreparedGraph(joinPieces(encodePreparedGraph(prepared, PREPARED_FOR)), PREPARED_FOR, 'the bytes', false).built.arcs.out).toEqual(withoutTimes);
    // Its A* works each arc's time out from the edge: the same routes, to the bit, as on the arcs' times.
    let compared = 0;
    for (const [from, to] of gothenburgPairs(gothenburgLines(), 30, 17)) {
      const [start, end] = [read.index.nearest(from, 5_000, () => true)!, read.index.nearest(to, 5_000, () => true)!];
      for (const mode of ['unrestricted', 'fewest-breaks'] as const) {
        const options = { mode, algorithm: 'a-star' as const, landmarks: null };
        const [onTimes, workedOut] = [search(prepared.built, start, end, PRESET_VEHICLES['class-a'], options), search(read.built, start, end, PRESET_VEHICLES['class-a'], options)];
        expect(workedOut?.traversals.map(seconds)).toEqual(onTimes?.traversals.map(seconds));
        if (onTimes) compared++;
      }
    }
    expect(compared).toBeGreaterThan(40);
    expect(() => encodePreparedGraph(read, PREPARED_FOR)).toThrow('a graph read without its search aids is not kept again');
  });

  it('is refused with one line when prepared for another network, cut short, or of another kind', () => {
    const bytes = joinPieces(encodePreparedGraph(prepared, PREPARED_FOR));
    expect(() => decodePreparedGraph(bytes, 'Gothenburg, 12 landmarks', 'the bytes')).toThrow(`the bytes was prepared for ${PREPARED_FOR}, not Gothenburg, 12 landmarks: prepare it again`);
    const cut = { buffer: bytes.buffer, length: bytes.length - 100 };
    expect(() => decodePreparedGraph(cut, PREPARED_FOR, 'the bytes')).toThrow(/^the bytes is cut short \(at landmarkTimes\): prepare it again$/);
    const foreign = packBytes(128);
    Buffer.from(foreign.buffer).write('{"format":"trip-explorer contraction hierarchy 3","preparedFor":"x","lengths":{}}\n');
    expect(() => decodePreparedGraph(foreign, PREPARED_FOR, 'the bytes')).toThrow(/^the bytes is not a prepared road graph of this version/);
  });

  it('refuses a graph of an earlier format, or prepared for another network, from its header, before reading the rest', async () => {
    // 64 GiB as the header says, sparse on disk: read whole, it could not be held (an allocation error, not this line).
    const file = path.join(gothenburg.dir, 'huge.graph.bin');
    const huge = (header: object) => {
      fs.writeFileSync(file, `${JSON.stringify(header)}\n`);
      fs.truncateSync(file, 64 * 2 ** 30);
    };
    huge({ format: 'trip-explorer road graph 3', preparedFor: PREPARED_FOR, lengths: { from: 2 ** 34 } });
    for (const searchAids of [true, false]) {
      await expect(readPackFile(file, undefined, graphPrefix(PREPARED_FOR, file, searchAids))).rejects.toThrow(`${file} is not a prepared road graph of this version (trip-explorer road graph 4)`);
    }
    huge({ format: 'trip-explorer road graph 4', preparedFor: 'another network', lengths: { from: 2 ** 34 } });
    await expect(fileShelf(path.join(gothenburg.dir, 'huge.bin')).readGraph(1, PREPARED_FOR, false)).rejects.toThrow(`${file} was prepared for another network, not ${PREPARED_FOR}: prepare it again`);
    fs.rmSync(file);
  });

  it('is kept beside the hierarchy by a router, and the next router reads it instead of the store’s rows and routes the same', async () => {
    const hierarchyFile = path.join(gothenburg.dir, 'roads-hierarchy.bin');
    const first = new GraphRouter(gothenburg.store, { hierarchyFile });
    expect(await first.graphSource()).toBe('built');
    expect(await first.hierarchyReady()).toBe(true);
    expect(fs.existsSync(graphFileBeside(hierarchyFile))).toBe(true);
    expect(graphFileBeside(hierarchyFile)).toBe(path.join(gothenburg.dir, 'roads-hierarchy.graph.bin'));

    // The next start's store, its reads of the whole network counted.
    const store = SqliteRoadStore.open(path.join(gothenburg.dir, 'roads.sqlite'));
    let loads = 0;
    const load = store.load.bind(store);
    store.load = () => {
      loads++;
      return load();
    };
    // The next start's shelf, the graph's reads noted: the hierarchy is kept, so the search aids are not read.
    const shelf = fileShelf(hierarchyFile);
    const graphReads: (boolean | undefined)[] = [];
    const readGraph = shelf.readGraph;
    shelf.readGraph = (id, preparedFor, searchAids) => {
      graphReads.push(searchAids);
      return readGraph(id, preparedFor, searchAids);
    };
    const next = new GraphRouter(store, { hierarchyShelf: shelf });
    try {
      expect(await next.graphSource()).toBe('read');
      expect(await next.hierarchyReady()).toBe(true);
      expect(loads).toBe(0);
      expect(graphReads).toEqual([false]);
      for (const [from, to] of gothenburgPairs(gothenburgLines(), 20, 13)) {
        for (const vehicle of [PRESET_VEHICLES.car, PRESET_VEHICLES['class-a']]) expect(await next.route(from, to, vehicle)).toEqual(await first.route(from, to, vehicle));
      }
    } finally {
      await Promise.all([first.close(), next.close()]);
      await store.close();
    }
    await expect(fileShelf(hierarchyFile).readGraph(network.network.id, 'another network')).rejects.toThrow(/roads-hierarchy\.graph\.bin was prepared for road network \d+ imported .*, 12 landmarks, not another network: prepare it again$/);
  }, 180_000);
});
