// Issue 17, finding 1 (expensive queries on the one thread): searches by `locations` take their totals from the
// location counts, which must stay exact through every write; what the counts cannot answer stops at a deadline.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createGenerator } from '@/lib/places/dataset/generator';
import { ApiError } from '@/lib/places/errors';
import { Deadline } from '@/lib/places/store/deadline';
import type { PlaceRecord } from '@/lib/places/place-schema';
import { PostgresPlaceStore } from '@/lib/places/store/postgres/store';
import { locationDeltasOf } from '@/lib/places/store/sqlite/location-counts';
import { SqlitePlaceStore } from '@/lib/places/store/sqlite/store';
import type { PlaceStore, SearchQuery } from '@/lib/places/store/types';
import { createTestDatabase, type TestDatabase } from '../support/postgres';
import { nextTurn } from '../support/wait';
import { workClock } from '../support/work-clock';

const TODAY = '2026-01-15';
let dir: string;
let database: TestDatabase;
let columnsDatabase: TestDatabase;

const gen = createGenerator({ seed: 11, baseUrl: 'http://localhost:1', today: TODAY });
const first: PlaceRecord[] = Array.from({ length: 400 }, (_, i) => gen.place(i));
/** Replacements that move places to another country, state and regions, and change their tags and chains. */
const moved: PlaceRecord[] = first.slice(0, 120).map((p, i) => {
  const other = gen.place(1000 + i);
  return { ...structuredClone(other), id: p.id, previous_ids: [] };
});

/**
 * A region across a border, as the generator makes none: every third place of the US and of Canada is also in it,
 * so it overlaps each country only in part (no stored count holds their union).
 */
const ACROSS = { id: 99_999_001, type: 'regions' as const, name: 'Across the border', bounds: [[-140, 40], [-50, 60]] as [[number, number], [number, number]] };
function withRegionAcross(places: PlaceRecord[]): PlaceRecord[] {
  return places.map((p, i) => (i % 3 === 0 && ['US', 'CA'].includes(p.locations[0].country) ? { ...p, regions_hierarchy: [...p.regions_hierarchy, ACROSS] } : p));
}
const partly = [{ kind: 'country' as const, code: 'US' }, { kind: 'region' as const, id: ACROSS.id }];

/** What the writes must have left: the counts and pairs computed afresh from the stored places. */
function expectedTables(store: SqlitePlaceStore) {
  const { counts, pairs } = locationDeltasOf(store.db).take();
  const sort = <T extends unknown[]>(rows: T[]) => rows.map((r) => r.join('|')).sort();
  return { counts: sort(counts), pairs: sort(pairs) };
}

/** A deadline of `ms` readings of a work clock. */
const workDeadline = (ms: number) => () => new Deadline(ms, workClock());
/** Readings a search answered from the counts or the point grid stays within; a scan of every match needs more. */
const GRID_BUDGET = 3;

/**
 * Each query's answer, one after the other, the event loop turning between them: a SQLite search holds the thread,
 * and a hundred of them in one go would hold it past vitest's 60 s RPC timeout on a loaded machine. One at a time on
 * PostgreSQL too: 120 at once on two connections wait in the pool's queue, which gives up after 3 s (the pool's
 * connectionTimeoutMillis) on a loaded machine.
 */
async function searchEach(store: PlaceStore, queries: SearchQuery[]) {
  const answers = [];
  for (const q of queries) {
    answers.push(await store.search(q));
    await nextTurn();
  }
  return answers;
}

/** What a search that reads every match throws under its budget. */
async function refusal(store: SqlitePlaceStore, q: SearchQuery): Promise<unknown> {
  return store.search(q).then(
    () => null,
    (err: unknown) => err,
  );
}

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'location-counts-'));
});

afterAll(async () => {
  await database?.drop();
  await columnsDatabase?.drop();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('finding 1, expensive queries on the one thread: the location counts', () => {
  it('stay exact on SQLite through inserts, replacements that move places, and a second import', async () => {
    const store = SqlitePlaceStore.open(path.join(dir, 'a.sqlite'));
    await store.writePlaces(first, { today: TODAY, replace: false });
    await store.writePlaces(moved, { today: TODAY, replace: true });
    await store.writePlaces(first.slice(200, 260), { today: TODAY, replace: true });
    const stored = {
      counts: (store.db.prepare('SELECT loc, key, n FROM location_counts').raw(true).all() as unknown[][]).map((r) => r.join('|')).sort(),
      pairs: (store.db.prepare('SELECT a, b, n FROM location_pairs').raw(true).all() as unknown[][]).map((r) => r.join('|')).sort(),
    };
    expect(stored.counts.length).toBeGreaterThan(100);
    expect(stored).toEqual(expectedTables(store));
    store.close();
  });

  it('stay exact on PostgreSQL through the same writes, equal to the SQLite ones', async () => {
    const lite = SqlitePlaceStore.open(path.join(dir, 'b.sqlite'));
    database = await createTestDatabase('locations');
    const store = await PostgresPlaceStore.open({ primaryUrl: database.url, replicaUrls: [], maxReplicaLagMs: 60_000, poolSize: 2 });
    for (const s of [lite, store]) {
      await s.writePlaces(first, { today: TODAY, replace: false });
      await s.writePlaces(moved, { today: TODAY, replace: true });
      await s.writePlaces(first.slice(200, 260), { today: TODAY, replace: true });
    }
    const rows = async (sql: string) => ((await store.cluster.primary.query({ text: sql, rowMode: 'array' })).rows as unknown[][]).map((r) => r.join('|')).sort();
    expect({ counts: await rows('SELECT loc, key, n FROM location_counts'), pairs: await rows('SELECT a, b, n FROM location_pairs') }).toEqual(expectedTables(lite));
    await store.close();
    lite.close();
  }, 120_000);

  it('answer a whole-country search with the scan’s total and page, and what they cannot answer stops at the deadline with a 503', async () => {
    const store = SqlitePlaceStore.open(path.join(dir, 'c.sqlite'));
    const many = Array.from({ length: 12_000 }, (_, i) => gen.place(5000 + i));
    await store.writePlaces(many, { today: TODAY, replace: false });
    const scan = new SqlitePlaceStore(store.db, { locationCounts: false });
    const us: SearchQuery = {
      locations: Array.from({ length: 20 }, () => ({ kind: 'country' as const, code: 'US' })),
      tags: { include: [], exclude: [] }, chains: { include: [], exclude: [] }, sort: 'relevance', limit: 10, offset: 0,
    };
    const fast = await store.search(us);
    expect(fast.total).toBeGreaterThan(3000);
    expect(fast).toEqual(await scan.search(us));

    // Two excluded tags have no location count: without the point grid every match is read, and the deadline stops
    // the read.
    const budgeted = new SqlitePlaceStore(store.db, { deadline: workDeadline(GRID_BUDGET) });
    const withoutGrid = new SqlitePlaceStore(store.db, { memoryIndex: 'off', deadline: workDeadline(GRID_BUDGET) });
    const slow: SearchQuery = { ...us, locations: [{ kind: 'country', code: 'US' }], tags: { include: [], exclude: ['restaurants', 'campgrounds'] }, sort: 'name' };
    // One excluded tag or chain has one: the country's count less the tag's, and the page from the ordered indexes,
    // which no deadline stops.
    const withoutOne: SearchQuery[] = (['name', 'relevance', 'distance'] as const).flatMap((sort) => [
      { ...slow, sort, center: { lon: -98, lat: 39 }, tags: { include: [], exclude: ['restaurants'] } },
      { ...slow, sort, center: { lon: -98, lat: 39 }, tags: { include: [], exclude: [] }, chains: { include: [], exclude: ['walmart'] } },
    ]);
    const pages = withoutOne.flatMap((q) => [0, 7, 400].map((offset) => ({ ...q, offset })));
    const scanned = await searchEach(scan, pages);
    const answers = await searchEach(budgeted, pages);
    for (const answer of answers) expect(answer.total).toBeGreaterThan(1000);
    expect(answers).toEqual(scanned);
    const refused = await refusal(withoutGrid, slow);
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).status).toBe(503);
    expect((refused as ApiError).body().error.code).toBe('unavailable');
    expect((await store.search(slow)).total).toBeGreaterThan(1000);
    budgeted.close();
    store.close();
  }, 120_000);

  it('answer any other search by locations by relevance, rating, name or distance from the point grid in one pass, under a deadline the scan cannot meet', async () => {
    const store = SqlitePlaceStore.open(path.join(dir, 'd.sqlite'));
    await store.writePlaces(withRegionAcross(Array.from({ length: 12_000 }, (_, i) => gen.place(20_000 + i))), { today: TODAY, replace: false });
    const budgeted = new SqlitePlaceStore(store.db, { deadline: workDeadline(GRID_BUDGET) });
    await budgeted.warm();
    const scan = new SqlitePlaceStore(store.db, { locationCounts: false, memoryIndex: 'off' });
    const withoutGrid = new SqlitePlaceStore(store.db, { memoryIndex: 'off', deadline: workDeadline(GRID_BUDGET) });
    const us: SearchQuery = {
      locations: [{ kind: 'country', code: 'US' }], center: { lon: -98, lat: 39 },
      tags: { include: [], exclude: [] }, chains: { include: [], exclude: [] }, sort: 'relevance', limit: 10, offset: 0,
    };
    const overlapping = [{ kind: 'country' as const, code: 'US' }, { kind: 'state' as const, code: 'US-CA' }, { kind: 'country' as const, code: 'CA' }];
    const filters: Partial<SearchQuery>[] = [
      { tags: { include: ['restaurants', 'campgrounds'], exclude: [] } },
      { tags: { include: ['restaurants'], exclude: [] }, chains: { include: [], exclude: ['walmart'] } },
      { tags: { include: [], exclude: ['restaurants', 'campgrounds'] } },
      { minFidelity: 3, locations: overlapping },
      { minFidelity: 2, locations: partly },
      { name: 'lake' },
      { rv: { rental: true } },
    ];
    const pages = filters.flatMap((f) => (['relevance', 'rating', 'name', 'distance'] as const).flatMap((sort) => [0, 7, 400].map((offset) => ({ ...us, ...f, sort, offset }))));
    const scanned = await searchEach(scan, pages);
    expect(scanned.filter((r) => r.total > 100).length).toBeGreaterThan(pages.length / 2);
    expect(await searchEach(budgeted, pages)).toEqual(scanned);
    // Without the point grid the same search reads every match, and the deadline stops it.
    expect(((await refusal(withoutGrid, pages[0])) as ApiError).status).toBe(503);
    budgeted.close();
    store.close();
  }, 120_000);

  it('refuse at once, while the grid is rebuilt, a search whose locations hold more places than the deadline lets it read, and answer it once the grid is built', async () => {
    const store = SqlitePlaceStore.open(path.join(dir, 'rebuild.sqlite'));
    await store.writePlaces(Array.from({ length: 6000 }, (_, i) => gen.place(90_000 + i)), { today: TODAY, replace: false });
    const scan = new SqlitePlaceStore(store.db, { locationCounts: false, memoryIndex: 'off' });
    // 1,000 places a second: a second's deadline covers a small state, not the US.
    const rebuilding = new SqlitePlaceStore(store.db, { scanRowsPerSecond: 1000, deadline: workDeadline(1000) });
    const us: SearchQuery = {
      locations: [{ kind: 'country', code: 'US' }],
      tags: { include: ['restaurants', 'campgrounds'], exclude: [] }, chains: { include: [], exclude: [] }, sort: 'rating', limit: 10, offset: 0,
    };
    const small = (store.db.prepare('SELECT state FROM places GROUP BY state HAVING count(*) BETWEEN 20 AND 900 ORDER BY count(*) DESC LIMIT 1').pluck().get() as string);
    const state: SearchQuery = { ...us, locations: [{ kind: 'state', code: small }] };
    const refused = await rebuilding.search(us).catch((err: unknown) => err);
    expect(rebuilding.memoryIndexState).toBe('loading');
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).status).toBe(503);
    expect((refused as ApiError).message).toMatch(/being rebuilt/);
    // A small state is read under the deadline meanwhile.
    expect(await rebuilding.search(state)).toEqual(await scan.search(state));
    await vi.waitFor(() => expect(rebuilding.memoryIndexState).toBe('ready'), { timeout: 60_000, interval: 20 });
    const answer = await rebuilding.search(us);
    expect(answer.total).toBeGreaterThan(100);
    expect(answer).toEqual(await scan.search(us));
    store.close();
  }, 120_000);

  it('answer a whole country along a route from the corridor’s places, under a deadline that reading the country cannot meet', async () => {
    const store = SqlitePlaceStore.open(path.join(dir, 'r.sqlite'));
    await store.writePlaces(withRegionAcross(Array.from({ length: 12_000 }, (_, i) => gen.place(60_000 + i))), { today: TODAY, replace: false });
    const budgeted = new SqlitePlaceStore(store.db, { deadline: workDeadline(GRID_BUDGET) });
    await budgeted.warm();
    const scan = new SqlitePlaceStore(store.db, { locationCounts: false, memoryIndex: 'off' });
    const withoutGrid = new SqlitePlaceStore(store.db, { memoryIndex: 'off', deadline: workDeadline(GRID_BUDGET) });
    const across: SearchQuery = {
      locations: [{ kind: 'country', code: 'US' }, { kind: 'state', code: 'US-CA' }],
      route: { points: [{ lon: -122.42, lat: 37.77 }, { lon: -104.99, lat: 39.74 }, { lon: -87.63, lat: 41.88 }], buffer: 50_000 },
      tags: { include: [], exclude: [] }, chains: { include: [], exclude: [] }, sort: 'route', limit: 10, offset: 0,
    };
    const filters: Partial<SearchQuery>[] = [
      {},
      { tags: { include: ['restaurants', 'campgrounds'], exclude: [] } },
      { tags: { include: [], exclude: ['restaurants'] }, minFidelity: 2 },
      { locations: partly },
      { name: 'lake' },
      { rv: { rental: true } },
      // A small region beside a long route: its own places are read, checked against the corridor.
      { locations: [{ kind: 'region', id: ACROSS.id }] },
    ];
    const pages = filters.flatMap((f) => (['route', 'relevance', 'name'] as const).flatMap((sort) => [0, 7].map((offset) => ({ ...across, ...f, sort, offset }))));
    const scanned = await searchEach(scan, pages);
    expect(scanned[0].total).toBeGreaterThan(100);
    expect(await searchEach(budgeted, pages)).toEqual(scanned);
    // Without the point grid every place of the country is read, and the deadline stops it.
    expect(((await refusal(withoutGrid, pages[2])) as ApiError).status).toBe(503);
    budgeted.close();
    store.close();
  }, 120_000);

  it('answer the same searches on PostgreSQL from the place columns in memory (text and RV matches from the indexes, along a route too), and read the database again after a write', async () => {
    columnsDatabase = await createTestDatabase('columns');
    const options = { primaryUrl: columnsDatabase.url, replicaUrls: [], maxReplicaLagMs: 60_000, poolSize: 2 };
    const store = await PostgresPlaceStore.open(options);
    const scan = await PostgresPlaceStore.open({ ...options, memoryColumns: false });
    const places = withRegionAcross(Array.from({ length: 6000 }, (_, i) => gen.place(40_000 + i)));
    await store.writePlaces(places, { today: TODAY, replace: false });
    await store.warm();
    expect(store.memoryColumnsState).toBe('ready');
    const us: SearchQuery = {
      locations: [{ kind: 'country', code: 'US' }], center: { lon: -98, lat: 39 },
      tags: { include: [], exclude: [] }, chains: { include: [], exclude: [] }, sort: 'relevance', limit: 10, offset: 0,
    };
    const region = (await store.cluster.primary.query<{ id: number }>('SELECT region_id AS id FROM place_regions GROUP BY region_id ORDER BY count(*) DESC LIMIT 1')).rows[0].id;
    const overlapping = [{ kind: 'country' as const, code: 'US' }, { kind: 'state' as const, code: 'US-CA' }, { kind: 'region' as const, id: region }];
    const filters: Partial<SearchQuery>[] = [
      { tags: { include: ['restaurants', 'campgrounds'], exclude: [] } },
      { tags: { include: ['restaurants'], exclude: [] }, chains: { include: [], exclude: ['walmart'] } },
      { tags: { include: [], exclude: ['restaurants', 'campgrounds'] }, locations: overlapping },
      { minFidelity: 3, maxFidelity: 4, locations: overlapping },
      { tags: { include: ['restaurants', 'campgrounds'], exclude: [] }, locations: partly },
      { chains: { include: ['walmart', 'pilot-flying-j'], exclude: [] } },
      { name: 'lake', tags: { include: [], exclude: ['restaurants'] } },
      { rv: { rental: true }, locations: overlapping },
      // Along a route: the corridor's places checked against the locations, in the copy too.
      { route: { points: [{ lon: -122.42, lat: 37.77 }, { lon: -104.99, lat: 39.74 }, { lon: -87.63, lat: 41.88 }], buffer: 50_000 }, locations: overlapping, minFidelity: 3 },
      { route: { points: [{ lon: -122.42, lat: 37.77 }, { lon: -87.63, lat: 41.88 }], buffer: 50_000 }, tags: { include: ['restaurants', 'campgrounds'], exclude: [] } },
    ];
    const pages = filters.flatMap((f) => (['relevance', 'rating', 'name', 'distance'] as const).flatMap((sort) => [0, 7, 300].map((offset) => ({ ...us, ...f, sort, offset }))));
    const expected = await searchEach(scan, pages);
    expect(expected.filter((r) => r.total > 50).length).toBeGreaterThan(pages.length / 2);
    expect(await searchEach(store, pages)).toEqual(expected);

    // The answers come from the copy: a change to its columns made behind the store's back, which moves no data
    // version, is not seen by it, while the database's own scan sees it. (Text and RV matches are PostgreSQL's.)
    await store.cluster.primary.query('UPDATE places SET tags = 0, chain = 0, fidelity = 1');
    const idsAndTotal = (r: { total: number; hits: { id: number }[] }) => ({ total: r.total, ids: r.hits.map((h) => h.id) });
    for (const [i, q] of pages.entries()) {
      if (q.name || q.rv) continue;
      expect(idsAndTotal(await store.search(q))).toEqual(idsAndTotal(expected[i]));
      if (expected[i].total > 0) expect(idsAndTotal(await scan.search(q))).not.toEqual(idsAndTotal(expected[i]));
      await nextTurn();
    }

    // A write moves the data version: the columns are behind, so the database answers until they are read again.
    const moved = places.slice(0, 500).map((p, i) => ({ ...structuredClone(gen.place(50_000 + i)), id: p.id, previous_ids: [] }));
    await store.writePlaces(moved, { today: TODAY, replace: true });
    const after = await searchEach(scan, pages);
    expect(after).not.toEqual(expected);
    expect(await searchEach(store, pages)).toEqual(after);
    await store.warm();
    expect(store.memoryColumnsState).toBe('ready');
    expect(await searchEach(store, pages)).toEqual(after);
    await store.close();
    await scan.close();
  }, 180_000);
});
