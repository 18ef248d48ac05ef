// `npm run places:import` of OpenStreetMap extracts on every engine (issue 50): what becomes a place and how its
// fields are filled, ids that last across imports (renamed, redrawn, merged, deleted, added objects), generated demo
// places replaced, and bad files refused with nothing changed.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAINS } from '@/lib/places/catalog';
import { seedPlaces } from '@/lib/places/dataset/seed';
import { OsmExtractError } from '@/lib/places/osm/osmium';
import { importOsmPlaces, type OsmImportReport } from '@/lib/places/osm/import-osm';
import { OSM_FIRST_PLACE_ID } from '@/lib/places/osm/keep-ids';
import { placeSchema, type PlaceRecord } from '@/lib/places/place-schema';
import { nameOfBody, storedRecord } from '@/lib/places/store/hits';
import { PostgresPlaceStore } from '@/lib/places/store/postgres/store';
import { SqlitePlaceStore } from '@/lib/places/store/sqlite/store';
import type { PlaceStoreAdmin, SearchQuery } from '@/lib/places/store/types';
import { createTestDatabase, type TestDatabase } from '../support/postgres';
import { extractAfter, extractBefore, writeExtract } from './support/osm-fixtures';

const TODAY = '2026-11-29';
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'osm-import-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const near = (name?: string): SearchQuery => ({
  center: { lon: -109.52, lat: 38.59 },
  radius: 50_000,
  name,
  tags: { include: [], exclude: [] },
  chains: { include: [], exclude: [] },
  sort: 'distance',
  limit: 100,
  offset: 0,
});

describe.each(['sqlite', 'postgres'] as const)('the OpenStreetMap places import on %s', (engine) => {
  let store: PlaceStoreAdmin;
  let database: TestDatabase | null = null;
  let first: OsmImportReport;
  const all: PlaceRecord[] = [];
  const byName = new Map<string, PlaceRecord>();
  const record = async (name: string): Promise<PlaceRecord> => {
    const hit = (await store.search(near(name))).hits.find((h) => nameOfBody(h.body) === name);
    expect(hit, name).toBeTruthy();
    return recordOf(hit!.id);
  };
  const recordOf = async (id: number): Promise<PlaceRecord> => {
    const d = (await store.details(id))!;
    const chain = CHAINS.find((c) => c.public_id === d.chain);
    return storedRecord({ ...d, chain: chain ? { public_id: chain.public_id, name: chain.name } : null });
  };

  beforeAll(async () => {
    if (engine === 'sqlite') store = SqlitePlaceStore.open(path.join(dir, `${engine}.sqlite`));
    else {
      database = await createTestDatabase('osm_import');
      store = await PostgresPlaceStore.open({ primaryUrl: database.url, replicaUrls: [], maxReplicaLagMs: 5000, poolSize: 2 });
    }
    // A demo store: the import replaces its generated places.
    await seedPlaces(store, { count: 40, baseUrl: 'http://localhost:1', today: TODAY });
    expect(await store.generatedOn()).toBe(TODAY);
    first = await importOsmPlaces(store, writeExtract(dir, `before-${engine}.opl`, extractBefore()), { today: TODAY });
    for (const h of (await store.search(near())).hits) all.push(await recordOf(h.id));
    for (const p of all) byName.set(p.name, p);
  });
  afterAll(async () => {
    await store?.close();
    await database?.drop();
  });

  it('replaces the generated places, and the store stops calling its data generated', async () => {
    expect(first.replacedGenerated).toBe(true);
    expect(await store.generatedOn()).toBeNull();
    expect(await store.count()).toBe(first.added);
  });

  it('keeps every tag family, names the nameless ones by kind, and counts what it skips and why', () => {
    expect(first).toMatchObject({ added: 20, changed: 0, unchanged: 0, removed: 0, merged: 0, remapped: 0 });
    expect(first.skipped).toEqual({ 'not a kind of place the product shows': 2, 'no name': 1, 'too far from any known town': 1 });
    expect(first.hours).toEqual({ read: 4, corrected: 1, unreadable: 1, absent: 14 });
    const icons = all.map((p) => p.icon).sort();
    expect(icons).toEqual(
      [
        'attraction', 'cafe', 'campground', 'dump-station', 'gas-station', 'grocery', 'grocery', 'lodging', 'museum', 'national-park', 'park', 'propane',
        'rest-area', 'restaurant', 'rv-dealer', 'rv-park', 'rv-service', 'viewpoint', 'visitor-center', 'water-point',
      ].sort(),
    );
    expect(byName.get('Dump station')?.tags.map((t) => t.public_id)).toEqual(['dump-stations']);
    expect(byName.has("Love's Travel Stops")).toBe(true);
    for (const place of all) expect(placeSchema.safeParse(place).success, place.name).toBe(true);
  });

  it('fills hours, closures, chain, contacts, address, regions and RV facts from the tags', () => {
    const resort = byName.get('Moab Valley RV Resort')!;
    expect(resort.id).toBeGreaterThanOrEqual(OSM_FIRST_PLACE_ID);
    expect(resort.hours['<default>']?.mon_open_close).toEqual(['00:00-24:00']);
    expect(resort.tags.map((t) => t.public_id)).toEqual(['campgrounds', 'rv-parks', 'dump-stations']);
    expect(resort.description).toBe('RV sites: 60.\nRigs up to 12 m.\nElectric hookups.\nDump station on site.');
    expect(resort.contact_info).toEqual({ phone: '+1 435-259-4469', email: '', website: 'https://example.org/moab-valley' });
    expect(resort.locations[0]).toMatchObject({ address1: '1773 North Highway 191', postal_code: '84532', city: 'Moab', state: 'UT', country: 'US' });
    expect(resort.regions_hierarchy.map((r) => r.name)).toEqual(['United States', 'Utah', 'Moab']);
    expect(resort.subtitle).toBe('RV park in Moab, UT');
    expect(resort.time_zone).toBe('America/Denver');
    expect(resort.parking_details.rv).toBe(true);
    expect(resort.road_trip_details.contributor).toBe('https://www.openstreetmap.org/node/1');

    const koa = byName.get('Moab KOA Holiday')!;
    expect(koa.chain).toEqual({ public_id: 'koa', name: 'KOA' });
    expect(koa.hours.summer?.sat_open_close).toEqual(['08:00-20:00']);
    expect(koa.hours['<default>']?.sat_open_close).toEqual([]);
    expect(koa.temporary_closures[0]).toMatchObject({ start_date: TODAY, end_date: '2027-03-31', reason: 'Closed for the season' });
    expect(koa.status.operating_normally).toBe(false);
    expect(koa.tags.map((t) => t.public_id)).toContain('rv-parks');

    const dealer = byName.get('Canyon RV Sales')!;
    expect(dealer.rv_service).toMatchObject({ serviced_makes: ['Winnebago', 'Jayco'], available_services: ['Rentals', 'Sales'], rental_available: true });
    expect(dealer.hours['<default>']?.sat_open_close).toEqual(['09:00-13:00']);
    expect(byName.get('Red Rock RV Repair')!.rv_service?.serviced_rv_types).toEqual(['Class A', 'Class B', 'Class C']);
    const fuel = byName.get("Love's Travel Stops")!;
    expect(fuel.chain?.public_id).toBe('loves');
    expect(fuel.tags.map((t) => t.public_id)).toEqual(['gas-stations', 'propane']);
    expect(fuel.description).toBe('Diesel, with lanes for big rigs.');
    expect(byName.get('Museum of Moab')!.hours).toEqual({});
    expect(byName.get('Moab Diner')!.hours).toEqual({});
    expect(byName.get('Mill Canyon Dinosaur Trail')!.alt_names).toEqual(['Mill Canyon Tracksite', 'Sendero de los dinosaurios']);
    expect(byName.get('Arches National Park')!.road_trip_details.contributor).toBe('https://www.openstreetmap.org/relation/200');
    expect(byName.get('Lions Park')!.road_trip_details.contributor).toBe('https://www.openstreetmap.org/way/100');
    expect(byName.get('Moab Information Center')!.details).toMatchObject({ accessible: true, restrooms: true });
  });

  it('a second import of the same extract changes nothing', async () => {
    const again = await importOsmPlaces(store, path.join(dir, `before-${engine}.opl`), { today: TODAY });
    expect(again).toMatchObject({ added: 0, changed: 0, unchanged: 20, removed: 0, merged: 0, remapped: 0, replacedGenerated: false });
  });

  it('a newer extract keeps ids through renames, redrawing and merges, and removes what left the map', async () => {
    const ids = (name: string) => byName.get(name)!.id;
    const report = await importOsmPlaces(store, writeExtract(dir, `after-${engine}.osm.pbf`, extractAfter()), { today: TODAY });
    expect(report).toMatchObject({ added: 1, changed: 3, unchanged: 13, remapped: 2, merged: 1, removed: 1 });
    expect((await record('Moab Valley RV Resort & Campground')).id).toBe(ids('Moab Valley RV Resort'));
    const koa = await record('Moab KOA Holiday');
    expect(koa.id).toBe(ids('Moab KOA Holiday'));
    expect(koa.road_trip_details.contributor).toBe('https://www.openstreetmap.org/way/300');
    expect((await record('Dead Horse Point Overlook')).id).toBe(ids('Dead Horse Point Overlook'));
    expect((await record('Canyon RV Sales')).hours['<default>']?.sat_open_close).toEqual(['08:00-18:00']);
    const markets = (await store.search(near('City Market'))).hits;
    expect(markets).toHaveLength(1);
    const market = await record('City Market');
    const other = all.filter((p) => p.name === 'City Market').map((p) => p.id).filter((id) => id !== market.id);
    expect(market.previous_ids).toEqual(other);
    expect((await store.details(other[0]))?.id).toBe(market.id);
    expect(await store.details(ids('Love Muffin Cafe'))).toBeNull();
    expect((await store.search(near('Love Muffin'))).total).toBe(0);
    const grill = await record('Arches Grill');
    expect(grill.id).toBeGreaterThan(Math.max(...all.map((p) => p.id)));
  });

  it('refuses a truncated extract and a foreign file in one line, and changes nothing', async () => {
    const before = (await store.search(near())).hits.map((h) => h.id).sort();
    const whole = fs.readFileSync(path.join(dir, `after-${engine}.osm.pbf`));
    const truncated = path.join(dir, `truncated-${engine}.osm.pbf`);
    fs.writeFileSync(truncated, whole.subarray(0, Math.floor(whole.length / 2)));
    await expect(importOsmPlaces(store, truncated, { today: TODAY })).rejects.toThrow(OsmExtractError);
    const foreign = path.join(dir, `foreign-${engine}.osm.pbf`);
    fs.writeFileSync(foreign, '<html>not an extract</html>');
    await expect(importOsmPlaces(store, foreign, { today: TODAY })).rejects.toThrow(/osmium could not read foreign/);
    expect((await store.search(near())).hits.map((h) => h.id).sort()).toEqual(before);
  });
});
