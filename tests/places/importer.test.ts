// `npm run places:import` on every engine: bad lines reported by number with nothing written, replacing without
// double counting, and a conflict found while writing named by its line.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGenerator } from '@/lib/places/dataset/generator';
import { importPlaces, importPlacesFile, MAX_PLACE_LINE_BYTES } from '@/lib/places/importer';
import { ownedOverlay } from '@/lib/owners/import-overlay';
import type { PlaceRecord } from '@/lib/places/place-schema';
import { PostgresPlaceStore } from '@/lib/places/store/postgres/store';
import { SqlitePlaceStore } from '@/lib/places/store/sqlite/store';
import type { PlaceStoreAdmin, SearchQuery } from '@/lib/places/store/types';
import { createTestDatabase, type TestDatabase } from '../support/postgres';
import { tempDataDir } from '../support/temp-dirs';

const TODAY = '2026-01-15';
const gen = createGenerator({ seed: 11, baseUrl: 'http://localhost:1', today: TODAY });
const places: PlaceRecord[] = Array.from({ length: 60 }, (_, i) => gen.place(i));

describe.each(['sqlite', 'postgres'] as const)('the importer on %s', (engine) => {
  let store: PlaceStoreAdmin;
  let dir: string;
  let database: TestDatabase | null = null;
  beforeAll(async () => {
    if (engine === 'sqlite') {
      dir = fs.mkdtempSync(path.join(os.tmpdir(), 'places-import-'));
      store = SqlitePlaceStore.open(path.join(dir, 'p.sqlite'));
    } else {
      database = await createTestDatabase('import');
      store = await PostgresPlaceStore.open({ primaryUrl: database.url, replicaUrls: [], maxReplicaLagMs: 5000, poolSize: 2 });
    }
  });
  afterAll(async () => {
    await store?.close();
    await database?.drop();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  const around = (p: PlaceRecord, name?: string): SearchQuery => ({
    center: { lon: p.locations[0].longitude, lat: p.locations[0].latitude },
    radius: 500_000,
    name,
    tags: { include: [], exclude: [] },
    chains: { include: [], exclude: [] },
    sort: 'distance',
    limit: 5,
    offset: 0,
  });
  const total = async (p: PlaceRecord) => (await store.search(around(p))).total;
  const namedIds = async (p: PlaceRecord, name: string) => (await store.search({ ...around(p, name), limit: 100 })).hits.map((h) => h.id);

  it('says imported places are not generated, and a seeded store the day its places were generated', async () => {
    expect(await store.generatedOn()).toBeNull();
    await store.markSeeded({ baseUrl: 'http://localhost:1', today: TODAY, seed: 11 });
    expect(await store.generatedOn()).toBe(TODAY);
  });

  it('reports bad lines by number and imports nothing', async () => {
    const good = JSON.stringify(places[1]);
    const badTag = JSON.stringify({ ...places[2], tags: [{ public_id: 'moon-bases', name: 'Moon' }] });
    const noName = JSON.stringify({ ...places[3], name: undefined });
    const text = [good, '{not json', badTag, '', noName, good].join('\n');
    const result = await importPlaces(store, text, TODAY);
    expect(result.imported).toBe(0);
    expect(result.errors.map((e) => e.line)).toEqual([2, 3, 5, 6]);
    expect(result.errors[1].message).toMatch(/moon-bases/);
    expect(await total(places[1])).toBe(0);
  });

  it('names a line too long to be a place by its number and length, without reading it whole, and imports nothing', async () => {
    const file = path.join(tempDataDir('long-line'), 'places.ndjson');
    fs.writeFileSync(file, [JSON.stringify(places[1]), 'x'.repeat(MAX_PLACE_LINE_BYTES + 2 ** 20), JSON.stringify(places[2])].join('\n'));
    const result = await importPlacesFile(store, file, TODAY);
    expect(result).toMatchObject({ imported: 0, errors: [{ line: 2, message: '17.0 MiB long: a place’s line is at most 16 MiB' }] });
    expect(await total(places[1])).toBe(0);
  });

  it('imports valid records in one go, and re-importing one replaces it without double counting', async () => {
    const lines = places.slice(0, 50).map((p) => JSON.stringify(p)).join('\n');
    expect(await importPlaces(store, lines, TODAY)).toEqual({ imported: 50, errors: [], owned: { places: 0, differing: {} } });
    const before = await total(places[5]);
    expect(before).toBeGreaterThan(0);
    const renamed = { ...places[5], name: 'Renamed Place' };
    expect((await importPlaces(store, JSON.stringify(renamed), TODAY)).imported).toBe(1);
    expect(await total(places[5])).toBe(before);
    expect(await namedIds(places[5], 'renamed plac')).toEqual([places[5].id]);
    expect(await namedIds(places[5], places[5].name)).not.toContain(places[5].id);
    expect((await store.details(places[5].id))?.body).toContain('"name":"Renamed Place"');
    expect(await store.count()).toBe(50);
  });

  it('names the line of a previous id that belongs to another place, and writes none of the file', async () => {
    const taken = places.slice(0, 50).find((p) => p.previous_ids.length)!;
    const lines = [places[50], places[51], { ...places[52], previous_ids: [taken.previous_ids[0]] }].map((p) => JSON.stringify(p)).join('\n');
    const result = await importPlaces(store, lines, TODAY);
    expect(result).toMatchObject({ imported: 0, errors: [{ line: 3, message: `previous id ${taken.previous_ids[0]} already belongs to place ${taken.id}` }] });
    expect(await store.details(places[50].id)).toBeNull();
    expect(await store.count()).toBe(50);
  });

  it('keeps what an owner set over the file, and counts what the file would have changed', async () => {
    const owned = places[7];
    const ownerSet = { description: 'Kept by its owner.', temporary_closures: [{ id: 1, start_date: '2026-12-24', end_date: '2026-12-26', reason: 'Holidays' }] };
    const overlay = ownedOverlay([{ placeId: owned.id, organizationId: 'org', organizationName: 'Org', since: TODAY, version: 1, updatedAt: TODAY, listing: ownerSet }]);
    const fromFile = { ...owned, name: 'Name From The File', description: 'The file says otherwise.' };
    const result = await importPlaces(store, [fromFile, places[8]].map((p) => JSON.stringify(p)).join('\n'), TODAY, { owned: overlay });
    expect(result).toEqual({ imported: 2, errors: [], owned: { places: 1, differing: { temporary_closures: 1, description: 1 } } });
    const stored = JSON.parse(`${(await store.details(owned.id))!.body}}`);
    expect(stored).toMatchObject({ name: 'Name From The File', description: 'Kept by its owner.', temporary_closures: ownerSet.temporary_closures });
    expect(JSON.parse((await store.details(owned.id))!.detail).owner_updated_on).toBe(TODAY);
  });
});
