// A name with no area ("Go to") is looked up over the whole dataset, on every engine, only while it matches at most
// MAX_NAME_ALONE_MATCHES places: past that the answer is a 400 asking for more of the name or an area.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGenerator } from '@/lib/places/dataset/generator';
import { ApiError } from '@/lib/places/errors';
import type { PlaceRecord } from '@/lib/places/place-schema';
import { PostgresPlaceStore } from '@/lib/places/store/postgres/store';
import { MAX_NAME_ALONE_MATCHES } from '@/lib/places/contract/limits';
import { SqlitePlaceStore } from '@/lib/places/store/sqlite/store';
import type { PlaceStore, SearchQuery } from '@/lib/places/store/types';
import { createTestDatabase, type TestDatabase } from '../support/postgres';

const TODAY = '2026-01-15';
const gen = createGenerator({ seed: 11, baseUrl: 'http://localhost:1', today: TODAY });
const places: PlaceRecord[] = [];
for (let i = 0; i <= MAX_NAME_ALONE_MATCHES; i++) places.push({ ...gen.place(i), name: `Zephyr Point ${i}`, alt_names: [] });
for (let i = 0; i < 5; i++) places.push({ ...gen.place(MAX_NAME_ALONE_MATCHES + 1 + i), name: `Quokka Lodge ${i}`, alt_names: [] });

const query = (name: string, extra: Partial<SearchQuery> = {}): SearchQuery => ({
  name, tags: { include: [], exclude: [] }, chains: { include: [], exclude: [] }, sort: 'relevance', limit: 10, offset: 0, ...extra,
});

let dir: string;
let database: TestDatabase;
const engines: { name: string; store: PlaceStore }[] = [];
const closers: (() => unknown)[] = [];

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'name-alone-'));
  const sqlite = SqlitePlaceStore.open(path.join(dir, 'p.sqlite'));
  await sqlite.writePlaces(places, { today: TODAY, replace: false });
  await sqlite.warm();
  engines.push({ name: 'sqlite', store: sqlite });
  closers.push(() => sqlite.close());
  database = await createTestDatabase('name_alone');
  const pgStore = await PostgresPlaceStore.open({ primaryUrl: database.url, replicaUrls: [], maxReplicaLagMs: 60_000, poolSize: 2 });
  await pgStore.writePlaces(places, { today: TODAY, replace: false });
  engines.push({ name: 'postgres', store: pgStore });
  closers.push(() => pgStore.close());
}, 300_000);

afterAll(async () => {
  for (const close of closers) await close();
  await database?.drop();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe.each(['sqlite', 'postgres'])('a name alone on %s', (name) => {
  const store = () => engines.find((e) => e.name === name)!.store;

  it('finds the few places of a rare name anywhere, with the exact total', async () => {
    const found = await store().search(query('quokka'));
    expect(found.total).toBe(5);
    expect(found.hits.map((h) => h.id).sort((a, b) => a - b)).toEqual(places.slice(-5).map((p) => p.id).sort((a, b) => a - b));
  });

  it(`refuses a name that matches more than ${MAX_NAME_ALONE_MATCHES} places with a 400 naming the count`, async () => {
    const refused = await store().search(query('zephyr')).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).message).toContain(`matches ${MAX_NAME_ALONE_MATCHES + 1} places`);
    // The same name with more of it, or inside an area, is answered.
    expect((await store().search(query('zephyr point 17'))).total).toBeGreaterThan(0);
    const center = { lon: places[0].locations[0].longitude, lat: places[0].locations[0].latitude };
    expect((await store().search(query('zephyr', { center, radius: 50_000, sort: 'distance' }))).total).toBeGreaterThan(0);
  });
});
