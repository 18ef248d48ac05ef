// The cluster aggregate on every engine: over generated searches, viewports and zooms, the clusters' counts and the
// single places add up exactly to a brute-force count of the same search inside the viewport, every single place is
// one of those matches, and every engine gives the very same clusters.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clusterSearch, type ClusterResult, MAX_VIEW_PX, PLACES_ZOOM } from '@/lib/places/clusters/cluster-search';
import type { PlaceRecord } from '@/lib/places/place-schema';
import { PostgresPlaceStore } from '@/lib/places/store/postgres/store';
import { SqlitePlaceStore } from '@/lib/places/store/sqlite/store';
import type { PlaceStore, SearchQuery } from '@/lib/places/store/types';
import { createTestDatabase, type TestDatabase } from '../support/postgres';
import { bruteForce, locationQueries, locationRouteQueries, oracleDataset, searchQueries } from './support/search-oracle';

const TODAY = '2026-01-15';
/** PROPERTY_RUNS=3000 for a longer run by hand. */
const RUNS = Number(process.env.PROPERTY_RUNS ?? 150);
const places: PlaceRecord[] = oracleDataset();
const engines = new Map<string, PlaceStore>();
const closers: (() => unknown)[] = [];
let dir: string;
let database: TestDatabase;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'places-clusters-'));
  const sqlite = SqlitePlaceStore.open(path.join(dir, 'p.sqlite'));
  await sqlite.writePlaces(places, { today: TODAY, replace: false });
  const withGrids = new SqlitePlaceStore(sqlite.db);
  await withGrids.warm();
  engines.set('sqlite, memory grids', withGrids);
  engines.set('sqlite, SQL indexes only', new SqlitePlaceStore(sqlite.db, { memoryIndex: 'off' }));
  closers.push(() => withGrids.close());

  database = await createTestDatabase('clusters');
  const pg = await PostgresPlaceStore.open({ primaryUrl: database.url, replicaUrls: [], maxReplicaLagMs: 60_000, poolSize: 4 });
  await pg.writePlaces(places, { today: TODAY, replace: false });
  engines.set('postgres', pg);
  closers.push(() => pg.close());
}, 300_000);

afterAll(async () => {
  for (const close of closers) await close();
  await database?.drop();
  fs.rmSync(dir, { recursive: true, force: true });
});

type View = { west: number; south: number; east: number; north: number };

const wrap = (lon: number) => (lon > 180 ? lon - 360 : lon < -180 ? lon + 360 : lon);

/** Viewports around a search's center (so they meet its area), across the antimeridian and up to the poles. */
const viewports = fc.record({
  dLon: fc.double({ min: -0.5, max: 0.5, noNaN: true }),
  dLat: fc.double({ min: -0.5, max: 0.5, noNaN: true }),
  width: fc.oneof(fc.double({ min: 0.02, max: 1, noNaN: true }), fc.double({ min: 1, max: 12, noNaN: true }), fc.double({ min: 12, max: 300, noNaN: true })),
  height: fc.oneof(fc.double({ min: 0.02, max: 1, noNaN: true }), fc.double({ min: 1, max: 10, noNaN: true }), fc.double({ min: 10, max: 120, noNaN: true })),
  zoomDown: fc.integer({ min: 0, max: 8 }),
});

type ViewportDraw = typeof viewports extends fc.Arbitrary<infer T> ? T : never;

function viewOf(q: SearchQuery, v: ViewportDraw): { bbox: View; zoom: number } {
  const c = q.center ?? q.route?.points[0] ?? { lon: 0, lat: 0 };
  const lon = wrap(c.lon + v.dLon);
  const lat = Math.max(-89, Math.min(89, c.lat + v.dLat));
  const bbox = {
    west: Math.round(wrap(lon - v.width / 2) * 1e6) / 1e6,
    east: Math.round(wrap(lon + v.width / 2) * 1e6) / 1e6,
    south: Math.max(-90, lat - v.height / 2),
    north: Math.min(90, lat + v.height / 2),
  };
  // The largest zoom at which the box fits the pixel limit along its width, minus a few levels; at most 20.
  const maxZoom = Math.floor(Math.log2((MAX_VIEW_PX * 360) / (256 * v.width)));
  return { bbox, zoom: Math.max(0, Math.min(20, maxZoom - v.zoomDown)) };
}

function inView(lon: number, lat: number, b: View): boolean {
  if (lat < b.south || lat > b.north) return false;
  return b.west <= b.east ? lon >= b.west && lon <= b.east : lon >= b.west || lon <= b.east;
}

/**
 * The matches of the search inside the viewport by brute force, as the places certainly in (`sure`) and those a
 * centimeter or less from the circle's or the corridor's edge (`edge`), where the oracle's haversine and the stores'
 * chords may round apart.
 */
function expected(q: SearchQuery, bbox: View): { sure: Set<number>; all: Set<number> } {
  const ids = (margin: number) => {
    const widened: SearchQuery = {
      ...q, offset: 0, limit: places.length,
      radius: q.radius === undefined ? undefined : q.radius + margin,
      route: q.route && { ...q.route, buffer: q.route.buffer + margin },
    };
    const rows = bruteForce(places, widened).page;
    return new Set(rows.filter((r) => inView(r.p.locations[0].longitude, r.p.locations[0].latitude, bbox)).map((r) => r.p.id));
  };
  return { sure: ids(-0.01), all: ids(0.01) };
}

function checkAgainstOracle(got: ClusterResult, want: { sure: Set<number>; all: Set<number> }, zoom: number) {
  const sum = got.clusters.reduce((n, c) => n + c.count, 0) + got.places.length;
  expect(got.total).toBe(sum);
  if (want.sure.size === want.all.size) expect(sum).toBe(want.all.size);
  else {
    expect(sum).toBeGreaterThanOrEqual(want.sure.size);
    expect(sum).toBeLessThanOrEqual(want.all.size);
  }
  for (const p of got.places) expect(want.all.has(p.id)).toBe(true);
  for (const c of got.clusters) {
    expect(c.count).toBeGreaterThan(0);
    expect(c.bounds.west).toBeLessThanOrEqual(c.bounds.east);
    expect(c.longitude).toBeGreaterThanOrEqual(c.bounds.west - 1e-6);
    expect(c.longitude).toBeLessThanOrEqual(c.bounds.east + 1e-6);
  }
  if (zoom >= PLACES_ZOOM && want.all.size <= 2000) {
    for (const id of want.sure) expect(got.places.some((p) => p.id === id)).toBe(true);
  }
}

const queries = searchQueries(places);
/** The count table's searches (no filter, one tag or one chain): the path that places whole cells (a name alone has no area to keep). */
const countedQueries = queries.filter((q) => q.radius !== undefined || q.route !== undefined).map((q): SearchQuery => ({
  ...q, locations: undefined, name: undefined, culturalQuery: undefined, rv: undefined, minFidelity: undefined, maxFidelity: undefined,
  tags: { include: q.tags.include.slice(0, 1), exclude: [] }, chains: { include: q.tags.include.length ? [] : q.chains.include.slice(0, 1), exclude: [] },
}));

/** Wide circles with no filter or one: thousands of kilometers of whole cells and their edges. */
const wideQueries = fc.tuple(countedQueries, fc.integer({ min: 100_000, max: 500_000 })).map(
  ([q, radius]): SearchQuery => ({ ...q, center: q.center ?? q.route!.points[0], route: undefined, radius, sort: 'distance' }),
);

/**
 * Searches by locations (whole countries, overlapping entries, every filter) around a center or along a route: the
 * location counts and the places in memory (SQLite's point grid, PostgreSQL's copy of the columns) answer them, or
 * the matches are read, and every path gives the same cells and places (issue 35, finding 6).
 */
const locatedQueries = fc.oneof(locationQueries(places, { byDistance: true }), locationRouteQueries(places));

describe('GET /api/v2/search/clusters, on every engine', () => {
  it.each([
    ['every filter', queries],
    ['count-table searches', countedQueries],
    ['wide count-table circles', wideQueries],
    ['searches by locations', locatedQueries],
  ])('adds up to a brute-force count of the search in the viewport, the same on every engine (%s)', async (_, arb) => {
    await fc.assert(
      fc.asyncProperty(arb, viewports, async (q, v) => {
        const { bbox, zoom } = viewOf(q, v);
        const want = expected(q, bbox);
        let first: ClusterResult | null = null;
        for (const [name, store] of engines) {
          const got = await clusterSearch(store, { query: q, bbox, zoom });
          checkAgainstOracle(got, want, zoom);
          if (!first) first = got;
          else expect({ name, got }).toEqual({ name, got: first });
        }
      }),
      { numRuns: RUNS },
    );
  }, Math.max(60_000, RUNS * 200));

  it('places whole cells at low zoom: a continent is a few clusters, not its places', async () => {
    const q: SearchQuery = { center: { lon: -98, lat: 39 }, radius: 500_000, tags: { include: [], exclude: [] }, chains: { include: [], exclude: [] }, sort: 'distance', limit: 10, offset: 0 };
    const bbox = { west: -130, south: 20, east: -60, north: 55 };
    for (const store of engines.values()) {
      const got = await clusterSearch(store, { query: q, bbox, zoom: 3 });
      checkAgainstOracle(got, expected(q, bbox), 3);
      expect(got.clusters.length).toBeLessThan(200);
    }
  });
});
