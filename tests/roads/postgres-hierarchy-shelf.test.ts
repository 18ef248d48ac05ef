// The router's hierarchy and graph kept in PostgreSQL for every instance of the scaled-out shape (lib/roads/router/ch/
// postgres-shelf.ts, migration 0027): the same hierarchy and graph read back from their parts, refused when prepared
// for something else, gone with their network, and the hierarchy contracted by one of two instances while the other
// looks again and reads it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { turnsOf } from '@/lib/core/steps';
import { contractHierarchy } from '@/lib/roads/router/ch/contract';
import { LimitProfiles } from '@/lib/roads/router/ch/limit-profiles';
import { PostgresPreparedShelf } from '@/lib/roads/router/ch/postgres-shelf';
import { prepareHierarchy } from '@/lib/roads/router/ch/prepared';
import { buildGraph } from '@/lib/roads/router/graph';
import { chooseLandmarks } from '@/lib/roads/router/landmarks';
import { preparedForNetwork, preparedGraphFor } from '@/lib/roads/router/prepared-for';
import { EdgeIndex } from '@/lib/roads/router/snap';
import { PostgresRoadStore } from '@/lib/roads/store/postgres/store';
import { createTestDatabase, type TestDatabase } from '../support/postgres';
import { importLines, type Line, road } from './support/engines';

let database: TestDatabase;
const stores: PostgresRoadStore[] = [];

const open = async () => {
  const store = await PostgresRoadStore.open({ primaryUrl: database.url, replicaUrls: database.readUrls, poolSize: 3 });
  stores.push(store);
  return store;
};

/** A town of 6 × 6 streets, one of them under a low bridge (two limit profiles). */
const town = (shift: number): Line[] =>
  [0, 1, 2, 3, 4, 5].flatMap((i) => [
    road(i === 2 ? { maxheight: '3.2' } : {}, [10 + shift, 50 + i * 0.01], [10.05 + shift, 50 + i * 0.01]),
    road({}, [10 + shift + i * 0.01, 50], [10 + shift + i * 0.01, 50.05]),
  ]);

beforeAll(async () => {
  database = await createTestDatabase('road_shelf');
});

afterAll(async () => {
  for (const store of stores) await store.close();
  await database?.drop();
});

async function builtTown(store: PostgresRoadStore, shift: number) {
  await importLines(store, `town ${shift}`, town(shift));
  const loaded = (await store.load())!;
  const built = buildGraph(loaded);
  return { loaded, built, profiles: LimitProfiles.of(built.edges) };
}

const partsOf = async (store: PostgresRoadStore, networkId: number) =>
  Number((await store.cluster.primary.query('SELECT count(*) AS n FROM road_prepared_parts WHERE network_id = $1', [networkId])).rows[0].n);

describe('the hierarchy kept in PostgreSQL', () => {
  it('reads back, from its parts, the hierarchy written; refuses it for another network; has none for a network without one', async () => {
    const store = await open();
    const { loaded, built, profiles } = await builtTown(store, 0);
    const { out } = built.arcs;
    const hierarchy = contractHierarchy(built.arcs, { profileOf: (arc) => profiles.ofEdge[out.edge[arc]] });
    const shelf = new PostgresPreparedShelf(store, 64);
    const preparedFor = preparedForNetwork(loaded.network);
    await shelf.write(loaded.network.id, hierarchy, preparedFor);

    const bytes = (await shelf.keptBytes(loaded.network.id))!;
    expect(await partsOf(store, loaded.network.id)).toBe(Math.ceil(bytes / 64));
    // More parts than one COPY reads (PARTS_PER_COPY): read back across statements.
    expect(await partsOf(store, loaded.network.id)).toBeGreaterThan(8);
    expect(await shelf.read(loaded.network.id, preparedFor)).toEqual(hierarchy);
    await database.replicasCaughtUp();
    expect(await shelf.read(loaded.network.id, preparedFor)).toEqual(hierarchy);

    await expect(shelf.read(loaded.network.id, 'road network 999 imported then (1 edges)')).rejects.toThrow(
      `the hierarchy kept in PostgreSQL for road network ${loaded.network.id} was prepared for ${preparedFor}, not road network 999 imported then (1 edges): prepare it again`,
    );
    expect(await shelf.read(loaded.network.id + 1, preparedFor)).toBeNull();
    expect(await shelf.keptBytes(loaded.network.id + 1)).toBeNull();

    // A part lost (a row deleted by hand, a restore that missed some): refused, naming the part, never read past.
    await store.cluster.primary.query('DELETE FROM road_prepared_parts WHERE network_id = $1 AND part = 2', [loaded.network.id]);
    // Reads go to a replica first: one a moment behind still had the part (a fresh clone's run read it whole).
    await database.replicasCaughtUp();
    await expect(shelf.read(loaded.network.id, preparedFor)).rejects.toThrow(
      `the hierarchy kept in PostgreSQL for road network ${loaded.network.id} is incomplete (at part 2): prepare it again`,
    );

    // Written again (another preparation of the same network): the parts of the first are gone, not mixed in.
    await new PostgresPreparedShelf(store, 1_000).write(loaded.network.id, hierarchy, preparedFor);
    expect(await partsOf(store, loaded.network.id)).toBe(Math.ceil(bytes / 1_000));
    await database.replicasCaughtUp();
    expect(await shelf.read(loaded.network.id, preparedFor)).toEqual(hierarchy);
  });

  it('keeps the prepared graph beside the hierarchy: read back whole, from a replica too, and refused for other landmarks', async () => {
    const store = await open();
    const { loaded, built } = await builtTown(store, 0);
    const graph = { built, index: new EdgeIndex(loaded.edges), landmarks: chooseLandmarks(built.arcs, 3), searchAids: true };
    const shelf = new PostgresPreparedShelf(store, 512);
    expect(await shelf.readGraph(loaded.network.id, preparedGraphFor(loaded.network, 3))).toBeNull();
    await shelf.writeGraph(loaded.network.id, graph, preparedGraphFor(loaded.network, 3));
    await database.replicasCaughtUp();
    const read = (await shelf.readGraph(loaded.network.id, preparedGraphFor(loaded.network, 3)))!;
    expect(read.built.edges.toArray()).toEqual(built.edges.toArray());
    expect(read.built.arcs).toEqual(built.arcs);
    expect(read.landmarks).toEqual(graph.landmarks);
    expect(read.index.nearest([10.021, 50.0201], 500, () => true)).toEqual(graph.index.nearest([10.021, 50.0201], 500, () => true));
    // Without its search aids (for an instance whose hierarchy is kept): the parts before them, and no more.
    const whole = new PostgresPreparedShelf(store, 1 << 20);
    await whole.writeGraph(loaded.network.id, graph, preparedGraphFor(loaded.network, 3));
    const withoutAids = (await whole.readGraph(loaded.network.id, preparedGraphFor(loaded.network, 3), false))!;
    expect([withoutAids.searchAids, withoutAids.landmarks, withoutAids.built.arcs.in.head.length]).toEqual([false, null, 0]);
    // The arcs forwards without their times (a search works them out from the edges).
    const forwardsWithoutTimes = { ...built.arcs.out, weight: new Float64Array(0) };
    expect(withoutAids.built.arcs.out).toEqual(forwardsWithoutTimes);
    expect(withoutAids.built.edges.toArray()).toEqual(built.edges.toArray());
    expect((await shelf.readGraph(loaded.network.id, preparedGraphFor(loaded.network, 3), false))!.built.arcs.out).toEqual(forwardsWithoutTimes);
    await expect(shelf.readGraph(loaded.network.id, preparedGraphFor(loaded.network, 12))).rejects.toThrow(
      `the graph kept in PostgreSQL for road network ${loaded.network.id} was prepared for ${preparedGraphFor(loaded.network, 3)}, not ${preparedGraphFor(loaded.network, 12)}: prepare it again`,
    );
  });

  it('goes with its network when an import replaces the network', async () => {
    const store = await open();
    const before = (await store.current())!;
    expect(await partsOf(store, before.id)).toBeGreaterThan(0);
    await importLines(store, 'town 1', town(1));
    expect(await partsOf(store, before.id)).toBe(0);
    expect(await new PostgresPreparedShelf(store).keptBytes(before.id)).toBeNull();
  });

  it('is contracted by one of two instances that start on a new network at once; the other looks again and reads it', async () => {
    const [first, second] = [await open(), await open()];
    await builtTown(first, 2);
    // Both have looked and found none before either goes on: without the shelf's lock both would contract.
    let looked = 0;
    let bothLooked: () => void;
    const barrier = new Promise<void>((resolve) => (bothLooked = resolve));
    class Racing extends PostgresPreparedShelf {
      private looks = 0;
      override async read(networkId: number, preparedFor: string) {
        const kept = await super.read(networkId, preparedFor);
        if (++this.looks === 1) {
          if (++looked === 2) bothLooked();
          await barrier;
        }
        return kept;
      }
    }
    const prepare = async (store: PostgresRoadStore) => {
      const loaded = (await store.load())!;
      const built = buildGraph(loaded);
      const warnings: string[] = [];
      const turns = turnsOf(50, async () => true);
      const prepared = await prepareHierarchy(built, LimitProfiles.of(built.edges), loaded.network, new Racing(store), turns, (w) => warnings.push(w));
      return { source: prepared?.source, warnings, hierarchy: prepared?.hierarchy };
    };
    const [a, b] = await Promise.all([prepare(first), prepare(second)]);
    expect([a.source, b.source].sort()).toEqual(['contracted', 'read']);
    expect([...a.warnings, ...b.warnings]).toEqual([]);
    expect(a.hierarchy).toEqual(b.hierarchy);
  });
});
