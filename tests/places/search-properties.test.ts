// One contract for every place store: each engine and each of its read paths must give the brute-force scan's
// answers, and every engine must give the very same answers as the others (ids, order, totals, distances).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlaceRecord } from '@/lib/places/place-schema';
import { PostgresPlaceStore } from '@/lib/places/store/postgres/store';
import { SqlitePlaceStore } from '@/lib/places/store/sqlite/store';
import type { PlaceStore, PlaceStoreAdmin, SearchQuery } from '@/lib/places/store/types';
import { createTestDatabase, type TestDatabase } from '../support/postgres';
import { nextTurn } from '../support/wait';
import { bruteForce, locationQueries, locationRouteQueries, oracleDataset, searchQueries } from './support/search-oracle';

const TODAY = '2026-01-15';
// Answers, not times, are checked here: a loaded machine must not turn a slow scan into the deadline's 503.
/** PROPERTY_RUNS=3000 for a longer run by hand. */
const RUNS = Number(process.env.PROPERTY_RUNS ?? 300);
const places: PlaceRecord[] = oracleDataset();

interface Engine {
  name: string;
  store: PlaceStore;
  /** The text search strategy that reads the area first (SQLite only): checked on name queries. */
  areaFirst?: PlaceStore;
}

let dir: string;
let database: TestDatabase;
let copyDatabase: TestDatabase;
const engines: Engine[] = [];
const closers: (() => unknown)[] = [];

async function load(store: PlaceStoreAdmin) {
  await store.writePlaces(places, { today: TODAY, replace: false });
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'places-contract-'));
  const file = path.join(dir, 'p.sqlite');
  const sqlite = SqlitePlaceStore.open(file);
  await load(sqlite);
  const db = sqlite.db;
  const withGrids = new SqlitePlaceStore(db);
  await withGrids.warm();
  const areaFirst = new SqlitePlaceStore(db, { ftsDirectLimit: 0 });
  await areaFirst.warm();
  engines.push(
    { name: 'sqlite, memory grids', store: withGrids, areaFirst },
    { name: 'sqlite, SQL indexes only', store: new SqlitePlaceStore(db, { memoryIndex: 'off' }), areaFirst: new SqlitePlaceStore(db, { ftsDirectLimit: 0, memoryIndex: 'off' }) },
  );
  closers.push(() => withGrids.close(), () => areaFirst.close());

  database = await createTestDatabase('contract');
  const primary = await PostgresPlaceStore.open({ primaryUrl: database.url, replicaUrls: [], maxReplicaLagMs: 60_000, poolSize: 4 });
  await load(primary);
  // With the place columns in memory (the default) on the primary and on a replica; the copied database below
  // without them, so the SQL path of the same searches is held to the oracle too.
  await primary.warm();
  await database.replicasCaughtUp();
  const replicated = await PostgresPlaceStore.open({ primaryUrl: database.url, replicaUrls: database.readUrls, maxReplicaLagMs: 60_000, poolSize: 4 });
  await replicated.warm();
  expect([primary.memoryColumnsState, replicated.memoryColumnsState]).toEqual(['ready', 'ready']);
  engines.push({ name: 'postgres, primary', store: primary }, { name: 'postgres, reads on a streaming replica', store: replicated });
  closers.push(() => primary.close(), () => replicated.close());

  // npm run places:migrate-to-postgres: the SQLite store copied into an empty PostgreSQL database.
  copyDatabase = await createTestDatabase('copy');
  const copied = await PostgresPlaceStore.open({ primaryUrl: copyDatabase.url, replicaUrls: [], maxReplicaLagMs: 60_000, poolSize: 4, memoryColumns: false });
  expect(await copied.copyFromSqlite(db)).toBe(places.length);
  engines.push({ name: 'postgres, copied from the SQLite store', store: copied });
  closers.push(() => copied.close());
}, 300_000);

afterAll(async () => {
  for (const close of closers) await close();
  await database?.drop();
  await copyDatabase?.drop();
  fs.rmSync(dir, { recursive: true, force: true });
});

const queries = searchQueries(places);
/** Route searches in route order with no filter but at most one included tag: the count table's path. */
const routeOrderQueries = queries
  .filter((q) => q.route !== undefined)
  .map((q): SearchQuery => ({
    ...q, locations: undefined, name: undefined, culturalQuery: undefined, rv: undefined, minFidelity: undefined, maxFidelity: undefined,
    tags: { include: q.tags.include.slice(0, 1), exclude: [] }, chains: { include: [], exclude: [] }, sort: 'route',
  }));

describe.each(['sqlite, memory grids', 'sqlite, SQL indexes only', 'postgres, primary', 'postgres, reads on a streaming replica', 'postgres, copied from the SQLite store'])('%s', (name) => {
  const engine = () => engines.find((e) => e.name === name)!;

  it('equals a brute-force scan for random areas near the antimeridian, the poles and the places, with every filter and sort', async () => {
    await fc.assert(
      fc.asyncProperty(queries, async (q) => {
        await nextTurn();
        const expected = bruteForce(places, q);
        const expectedIds = expected.page.map((r) => r.p.id);
        const got = await engine().store.search(q);
        expect(got.total).toBe(expected.total);
        expect(got.hits.map((h) => h.id)).toEqual(expectedIds);
        if (q.center) got.hits.forEach((h, i) => expect(Math.abs(h.distance! - expected.page[i].d)).toBeLessThan(0.06));
        else got.hits.forEach((h) => expect(h.distance).toBeNull());
        got.hits.forEach((h, i) => {
          const route = expected.page[i].route;
          if (!route) return expect(h.route).toBeNull();
          expect(Math.abs(h.route!.distance - route.d)).toBeLessThan(0.06);
          expect(Math.abs(h.route!.offset - route.offset)).toBeLessThan(0.06);
        });
        const areaFirst = engine().areaFirst;
        if (q.name && areaFirst) expect((await areaFirst.search(q)).hits.map((h) => h.id)).toEqual(expectedIds);
      }),
      { numRuns: RUNS },
    );
  });

  it('equals a brute-force scan for whole-country, whole-state, repeated and overlapping locations, with and without a center, filters, every sort and deep offsets', async () => {
    await fc.assert(
      fc.asyncProperty(locationQueries(places), async (q) => {
        await nextTurn();
        const expected = bruteForce(places, q);
        const got = await engine().store.search(q);
        expect(got.total).toBe(expected.total);
        expect(got.hits.map((h) => h.id)).toEqual(expected.page.map((r) => r.p.id));
        if (q.center) got.hits.forEach((h, i) => expect(Math.abs(h.distance! - expected.page[i].d)).toBeLessThan(0.06));
        else got.hits.forEach((h) => expect(h.distance).toBeNull());
      }),
      { numRuns: RUNS },
    );
  });

  it('equals a brute-force scan by locations along a route, whichever of the corridor and the locations holds fewer places', async () => {
    await fc.assert(
      fc.asyncProperty(locationRouteQueries(places), async (q) => {
        await nextTurn();
        const expected = bruteForce(places, q);
        const got = await engine().store.search(q);
        expect(got.total).toBe(expected.total);
        expect(got.hits.map((h) => h.id)).toEqual(expected.page.map((r) => r.p.id));
        got.hits.forEach((h, i) => {
          const route = expected.page[i].route!;
          expect(Math.abs(h.route!.distance - route.d)).toBeLessThan(0.06);
          expect(Math.abs(h.route!.offset - route.offset)).toBeLessThan(0.06);
        });
      }),
      { numRuns: RUNS },
    );
  });

  it('equals a brute-force scan by distance over many locations, centers near, far and opposite, and deep offsets', async () => {
    await fc.assert(
      fc.asyncProperty(locationQueries(places, { byDistance: true }), async (q) => {
        await nextTurn();
        const expected = bruteForce(places, q);
        const got = await engine().store.search(q);
        expect(got.total).toBe(expected.total);
        expect(got.hits.map((h) => h.id)).toEqual(expected.page.map((r) => r.p.id));
        got.hits.forEach((h, i) => expect(Math.abs(h.distance! - expected.page[i].d)).toBeLessThan(0.06));
      }),
      { numRuns: RUNS },
    );
  });

  it('counts exactly with the count table over whole-world and pole-containing circles', async () => {
    for (const [lon, lat, radius] of [
      [0, 89.5, 500_000], [179.9, 88, 500_000], [-179.99, -89, 300_000], [180, 0, 400_000], [-180, 10, 500_000], [0, 0, 500_000],
    ]) {
      const q: SearchQuery = { center: { lon, lat }, radius, tags: { include: [], exclude: [] }, chains: { include: [], exclude: [] }, sort: 'distance', limit: 10, offset: 0 };
      const expected = bruteForce(places, q);
      const got = await engine().store.search(q);
      expect(got.total).toBe(expected.total);
      expect(got.hits.map((h) => h.id)).toEqual(expected.page.map((r) => r.p.id));
    }
  });

  it('pages along a route in route order from the count table (no filter, or one tag), as a brute-force scan does', async () => {
    await fc.assert(
      fc.asyncProperty(routeOrderQueries, async (q) => {
        await nextTurn();
        const expected = bruteForce(places, q);
        const got = await engine().store.search(q);
        expect(got.total).toBe(expected.total);
        expect(got.hits.map((h) => h.id)).toEqual(expected.page.map((r) => r.p.id));
      }),
      { numRuns: Math.ceil(RUNS / 3) },
    );
  });

  it('searches along routes across the antimeridian, over a pole and along the equator, exactly', async () => {
    const q = (points: [number, number][], buffer: number, sort: SearchQuery['sort'] = 'route'): SearchQuery => ({
      route: { points: points.map(([lon, lat]) => ({ lon, lat })), buffer }, tags: { include: [], exclude: [] }, chains: { include: [], exclude: [] }, sort, limit: 25, offset: 0,
    });
    for (const query of [
      q([[178.5, -4], [-179.2, 0], [-178.6, 5]], 50_000),
      q([[179.9, 20], [-179.9, 25], [179.5, 31]], 50_000),
      q([[0, 85], [90, 89], [180, 88], [-90, 86]], 50_000),
      q([[10, -85], [-170, -85]], 30_000, 'relevance'),
      q([[-179, -3], [179, 3]], 40_000, 'rating'),
      q([[45, 88], [45, 88]], 300_000),
    ]) {
      const expected = bruteForce(places, query);
      const got = await engine().store.search(query);
      expect(got.total).toBe(expected.total);
      expect(got.hits.map((h) => h.id)).toEqual(expected.page.map((r) => r.p.id));
      expect(expected.total).toBeGreaterThan(0);
    }
  });

  it('finds a place by its current and its previous ids, and nothing for an unknown id', async () => {
    const withPrevious = places.find((p) => p.previous_ids.length)!;
    expect((await engine().store.details(withPrevious.id))?.id).toBe(withPrevious.id);
    expect((await engine().store.details(withPrevious.previous_ids[0]))?.id).toBe(withPrevious.id);
    expect(await engine().store.details(999_999_999)).toBeNull();
  });
});

describe('every engine gives the same answers', () => {
  it('ids, order, totals, distances to 0.1 m and bodies, for random searches', async () => {
    await fc.assert(
      fc.asyncProperty(queries, async (q) => {
        await nextTurn();
        const [reference, ...others] = await Promise.all(engines.map((e) => e.store.search(q)));
        for (const other of others) expect(other).toEqual(reference);
      }),
      { numRuns: RUNS },
    );
  });

  it('the same details and lists', async () => {
    for (const id of [places[0].id, places[700].id, places[2100].id]) {
      const [reference, ...others] = await Promise.all(engines.map((e) => e.store.details(id)));
      for (const other of others) expect(other).toEqual(reference);
    }
    const [chains, ...otherChains] = await Promise.all(engines.map((e) => e.store.chains()));
    for (const other of otherChains) expect(other).toEqual(chains);
  });
});
