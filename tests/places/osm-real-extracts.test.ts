// Real OpenStreetMap extracts through `npm run places:import` on every engine (issue 50): Vancouver (../shared/osm,
// the pelias importer's test data: about 6,700 tagged places with real, sloppy hours) and Debian's West Oakland; and
// Vancouver's places and roads from the one file make a trip across the city on its real streets. Data © OpenStreetMap
// contributors, available under the Open Database License (ODbL).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importOsmPlaces, type OsmImportReport } from '@/lib/places/osm/import-osm';
import { PostgresPlaceStore } from '@/lib/places/store/postgres/store';
import { SqlitePlaceStore } from '@/lib/places/store/sqlite/store';
import type { PlaceStoreAdmin, SearchQuery } from '@/lib/places/store/types';
import { importRoads } from '@/lib/roads/import/import-roads';
import { openRoadSource } from '@/lib/roads/import/open-source';
import { PRESET_VEHICLES } from '@/lib/roads/vehicle';
import { createTestDatabase, type TestDatabase } from '../support/postgres';
import { ROAD_ENGINES } from '../roads/support/engines';
import { VANCOUVER, WEST_OAKLAND } from '../support/osm-extracts';

const TODAY = '2026-11-29';

// A circle around the whole extract, as the API asks for one (a box alone is no search).
const inVancouver = (limit = 100): SearchQuery => ({
  center: { lon: -123.155, lat: 49.2575 },
  radius: 25_000,
  tags: { include: [], exclude: [] },
  chains: { include: [], exclude: [] },
  sort: 'name',
  limit,
  offset: 0,
});

describe.each(['sqlite', 'postgres'] as const)('real extracts imported on %s', (engine) => {
  let store: PlaceStoreAdmin;
  let database: TestDatabase | null = null;
  let dir: string;
  let vancouver: OsmImportReport;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'osm-real-'));
    if (engine === 'sqlite') store = SqlitePlaceStore.open(path.join(dir, 'places.sqlite'));
    else {
      database = await createTestDatabase('osm_real');
      store = await PostgresPlaceStore.open({ primaryUrl: database.url, replicaUrls: [], maxReplicaLagMs: 5000, poolSize: 2 });
    }
    vancouver = await importOsmPlaces(store, VANCOUVER, { today: TODAY });
  }, 120_000);
  afterAll(async () => {
    await store?.close();
    await database?.drop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("Vancouver: its places, with the hours the library reads cleanly and the others counted, not guessed", async () => {
    expect(vancouver).toMatchObject({ added: 1608, changed: 0, removed: 0, replacedGenerated: false });
    expect(vancouver.hours).toEqual({ read: 51, corrected: 37, unreadable: 28, absent: 1492 });
    expect(vancouver.skipped['no name']).toBe(144);
    expect((await store.search(inVancouver())).total).toBe(1608);
    const parks = await store.search({ ...inVancouver(), tags: { include: ['parks'], exclude: [] } });
    expect(parks.total).toBeGreaterThan(150);
    const stanley = await store.search({ ...inVancouver(), name: 'Stanley Park' });
    expect(stanley.hits.length).toBeGreaterThan(0);
  });

  it('Vancouver again: every place unchanged, every id the same', async () => {
    const before = (await store.search(inVancouver())).hits.map((h) => h.id);
    const again = await importOsmPlaces(store, VANCOUVER, { today: TODAY });
    expect(again).toMatchObject({ added: 0, changed: 0, unchanged: 1608, removed: 0, merged: 0, remapped: 0 });
    expect((await store.search(inVancouver())).hits.map((h) => h.id)).toEqual(before);
  }, 120_000);

  it("West Oakland (Debian's osmnx test data, .osm.bz2) adds its few places beside Vancouver's", async () => {
    const oakland = await importOsmPlaces(store, WEST_OAKLAND, { today: TODAY });
    expect(oakland.added).toBeGreaterThan(0);
    // The ledger is one: Vancouver's places are not in this extract, so they go.
    expect(oakland.removed).toBe(1608);
    expect(await store.count()).toBe(oakland.added);
  });
});

describe.each(ROAD_ENGINES)('Vancouver, places and roads from one extract: $name', (engine) => {
  it('a trip between two imported places routes on the city streets', async () => {
    const { store: roads, router, close } = await engine.open();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'osm-trip-'));
    const places = SqlitePlaceStore.open(path.join(dir, 'places.sqlite'));
    try {
      await importRoads(roads, openRoadSource(VANCOUVER), VANCOUVER);
      await importOsmPlaces(places, VANCOUVER, { today: TODAY });
      const find = async (name: string) => {
        const hit = (await places.search({ ...inVancouver(), name })).hits[0];
        return JSON.parse(`${hit.body}}`) as { locations: { longitude: number; latitude: number }[] };
      };
      const [from, to] = [(await find('Stanley Park')).locations[0], (await find('Queen Elizabeth Park')).locations[0]];
      const route = await router.route([from.longitude, from.latitude], [to.longitude, to.latitude], PRESET_VEHICLES.car);
      expect(route.kind).toBe('route');
      if (route.kind !== 'route') return;
      // Streets wind: the drive is longer than the 6 km as the crow flies, and not absurdly so.
      expect(route.distance_m).toBeGreaterThan(6_000);
      expect(route.distance_m).toBeLessThan(15_000);
      expect(route.roadsUsed.length).toBeGreaterThan(2);
    } finally {
      await places.close();
      await close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 180_000);
});
