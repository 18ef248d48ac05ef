// Issue 35, finding 6: the cluster view of a search by `locations` (`search/clusters?locations=country:US&bbox=
// -180,-85,180,85&zoom=0`) read every match of its locations, and at a million places held the one thread for the
// whole deadline and answered 503. It is answered as the search is, from the location counts and the places held in
// memory (SQLite's point grid, PostgreSQL's copy of the columns), with the same answer as a brute-force count.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clusterSearch, type ClusterRequest, type ClusterResult, cellsForZoom } from '@/lib/places/clusters/cluster-search';
import { createGenerator } from '@/lib/places/dataset/generator';
import { ApiError } from '@/lib/places/errors';
import type { PlaceRecord } from '@/lib/places/place-schema';
import { Deadline } from '@/lib/places/store/deadline';
import { PostgresPlaceStore } from '@/lib/places/store/postgres/store';
import { SqlitePlaceStore } from '@/lib/places/store/sqlite/store';
import type { PlaceStore, SearchQuery } from '@/lib/places/store/types';
import { viewArea, ViewCollector } from '@/lib/places/store/view-plan';
import { createTestDatabase, type TestDatabase } from '../support/postgres';
import { workClock } from '../support/work-clock';
import { bruteForce } from './support/search-oracle';

const TODAY = '2026-01-15';
const gen = createGenerator({ seed: 11, baseUrl: 'http://localhost:1', today: TODAY });

/** A region across the US-Canada border (the generator makes none): it overlaps each country only in part. */
const ACROSS = { id: 99_999_001, type: 'regions' as const, name: 'Across the border', bounds: [[-140, 40], [-50, 60]] as [[number, number], [number, number]] };
const places: PlaceRecord[] = Array.from({ length: 12_000 }, (_, i) => gen.place(70_000 + i)).map((p, i) =>
  i % 3 === 0 && ['US', 'CA'].includes(p.locations[0].country) ? { ...p, regions_hierarchy: [...p.regions_hierarchy, ACROSS] } : p,
);

/** A deadline of `ms` readings of a work clock. */
const workDeadline = (ms: number) => () => new Deadline(ms, workClock());
/** Readings the point grid's pass stays within (a read of each location's ids, of the text's matches); a read of every match needs more. */
const GRID_BUDGET = 3;

const NONE = { include: [], exclude: [] };
const us: SearchQuery = { locations: [{ kind: 'country', code: 'US' }], tags: NONE, chains: NONE, sort: 'relevance', limit: 10, offset: 0 };
const WORLD = { west: -180, south: -85, east: 180, north: 85 };

/** Searches by locations and viewports at every level of the view: coarse cells, fine cells, single places. */
function cases(): ClusterRequest[] {
  const near = places.find((p) => p.locations[0].country === 'US' && p.locations[0].state === 'CA')!.locations[0];
  const small = { west: near.longitude - 0.4, south: near.latitude - 0.3, east: near.longitude + 0.4, north: near.latitude + 0.3 };
  const overlapping = [{ kind: 'country' as const, code: 'US' }, { kind: 'state' as const, code: 'US-CA' }, { kind: 'country' as const, code: 'CA' }];
  const partly = [{ kind: 'country' as const, code: 'US' }, { kind: 'region' as const, id: ACROSS.id }];
  return [
    // The finding: a whole country over the whole world at zoom 0.
    { query: us, bbox: WORLD, zoom: 0 },
    { query: us, bbox: { west: -130, south: 20, east: -60, north: 55 }, zoom: 4 },
    { query: { ...us, center: { lon: -98, lat: 39 }, sort: 'distance' }, bbox: { west: -125, south: 32, east: -114, north: 42 }, zoom: 9.5 },
    { query: us, bbox: small, zoom: 10 },
    { query: us, bbox: small, zoom: 14 },
    // Across the antimeridian (Alaska, Hawaii).
    { query: us, bbox: { west: 150, south: 10, east: -140, north: 72 }, zoom: 3 },
    { query: { ...us, locations: overlapping }, bbox: WORLD, zoom: 1 },
    { query: { ...us, locations: partly }, bbox: { west: -140, south: 30, east: -50, north: 62 }, zoom: 3 },
    { query: { ...us, locations: partly, minFidelity: 3 }, bbox: WORLD, zoom: 0 },
    { query: { ...us, tags: { include: ['restaurants', 'campgrounds'], exclude: [] } }, bbox: WORLD, zoom: 2 },
    { query: { ...us, tags: { include: ['restaurants'], exclude: [] } }, bbox: small, zoom: 11 },
    { query: { ...us, tags: { include: [], exclude: ['restaurants'] }, chains: { include: [], exclude: ['walmart'] } }, bbox: WORLD, zoom: 0 },
    { query: { ...us, chains: { include: ['walmart', 'pilot-flying-j'], exclude: [] }, locations: overlapping }, bbox: WORLD, zoom: 0 },
    { query: { ...us, name: 'lake' }, bbox: WORLD, zoom: 2 },
    { query: { ...us, rv: { rental: true }, locations: overlapping }, bbox: WORLD, zoom: 1 },
  ];
}

function inView(lon: number, lat: number, b: ClusterRequest['bbox']): boolean {
  if (lat < b.south || lat > b.north) return false;
  return b.west <= b.east ? lon >= b.west && lon <= b.east : lon >= b.west || lon <= b.east;
}

const names = new Map(places.map((p) => [p.id, p.name]));

/**
 * The cluster answer computed by brute force: every place tested against the search (the oracle of the property
 * tests) and the viewport, the matches grouped as the view groups any search's matches (whole cells inside the
 * viewport, single places on its edge), and binned.
 */
async function bruteClusters(req: ClusterRequest): Promise<{ result: ClusterResult; ids: Set<number> }> {
  const rows = bruteForce(places, { ...req.query, offset: 0, limit: places.length }).page;
  const inside = rows.filter((r) => inView(r.p.locations[0].longitude, r.p.locations[0].latitude, req.bbox));
  const oracle = {
    viewMatches: async () => {
      const into = new ViewCollector(viewArea(req.query, req.bbox), cellsForZoom(req.zoom));
      for (const r of inside) into.add(r.p.id, r.p.locations[0].longitude, r.p.locations[0].latitude);
      return into.matches();
    },
    names: async (ids: number[]) => new Map(ids.map((id) => [id, names.get(id) ?? ''])),
  } as unknown as PlaceStore;
  return { result: await clusterSearch(oracle, req), ids: new Set(inside.map((r) => r.p.id)) };
}

function checkTotals(got: ClusterResult, ids: Set<number>): void {
  expect(got.clusters.reduce((n, c) => n + c.count, 0) + got.places.length).toBe(ids.size);
  expect(got.total).toBe(ids.size);
  for (const p of got.places) expect(ids.has(p.id)).toBe(true);
}

let dir: string;
let database: TestDatabase;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'clusters-locations-'));
});
afterAll(async () => {
  await database?.drop();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('issue 35, finding 6: the cluster view of a search by locations', () => {
  it('is answered on SQLite from the location counts and the point grid, under a deadline that reading every match cannot meet, as a brute-force count groups it', async () => {
    const store = SqlitePlaceStore.open(path.join(dir, 'p.sqlite'));
    await store.writePlaces(places, { today: TODAY, replace: false });
    const budgeted = new SqlitePlaceStore(store.db, { deadline: workDeadline(GRID_BUDGET) });
    await budgeted.warm();
    expect(budgeted.memoryIndexState).toBe('ready');
    // Reading every match (the path before, and still the one without the grid) cannot meet this budget.
    const withoutGrid = new SqlitePlaceStore(store.db, { memoryIndex: 'off', deadline: workDeadline(GRID_BUDGET) });
    const refused = await clusterSearch(withoutGrid, { query: us, bbox: WORLD, zoom: 0 }).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).status).toBe(503);
    // Without the grid and the counts, and without a deadline, the matches are read: the same answer.
    const scan = new SqlitePlaceStore(store.db, { memoryIndex: 'off', locationCounts: false });

    let counted = 0;
    for (const req of cases()) {
      const { result: want, ids } = await bruteClusters(req);
      const got = await clusterSearch(budgeted, req);
      checkTotals(got, ids);
      expect({ req, got }).toEqual({ req, got: want });
      expect({ req, got: await clusterSearch(scan, req) }).toEqual({ req, got: want });
      if (ids.size > 1000) counted++;
    }
    expect(counted).toBeGreaterThan(5);
    // The world at zoom 0 is a few hundred clusters of whole cells, not thousands of places.
    const world = await clusterSearch(budgeted, { query: us, bbox: WORLD, zoom: 0 });
    expect(world.total).toBeGreaterThan(4000);
    expect(world.clusters.length + world.places.length).toBeLessThan(100);
    budgeted.close();
    store.close();
  }, 180_000);

  it('is answered on PostgreSQL from the copy of the place columns, not by reading the matches, with the same answer', async () => {
    database = await createTestDatabase('clusterlocs');
    const options = { primaryUrl: database.url, replicaUrls: [], maxReplicaLagMs: 60_000, poolSize: 2 };
    const store = await PostgresPlaceStore.open(options);
    const scan = await PostgresPlaceStore.open({ ...options, memoryColumns: false });
    await store.writePlaces(places, { today: TODAY, replace: false });
    await store.warm();
    expect(store.memoryColumnsState).toBe('ready');
    const wants: ClusterResult[] = [];
    for (const req of cases()) {
      const { result: want, ids } = await bruteClusters(req);
      const got = await clusterSearch(store, req);
      checkTotals(got, ids);
      expect({ req, got }).toEqual({ req, got: want });
      expect({ req, got: await clusterSearch(scan, req) }).toEqual({ req, got: want });
      wants.push(want);
    }

    // Every place moved out of its country and state behind the store's back (no data version moves): PostgreSQL's
    // own read of the matches now finds none, while the store still answers from its copy of the columns, as before.
    await store.cluster.primary.query(`UPDATE places SET country = 'ZZ', state = 'ZZ-ZZ'`);
    expect((await clusterSearch(scan, { query: us, bbox: WORLD, zoom: 0 })).total).toBe(0);
    for (const [i, req] of cases().entries()) {
      expect({ req, got: await clusterSearch(store, req) }).toEqual({ req, got: wants[i] });
    }
    await store.close();
    await scan.close();
  }, 180_000);
});
