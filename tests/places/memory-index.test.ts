import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createGenerator } from '@/lib/places/dataset/generator';
import { openPlacesDb } from '@/lib/places/store/sqlite/schema';
import { SqlitePlaceStore } from '@/lib/places/store/sqlite/store';
import { PlaceWriter } from '@/lib/places/store/sqlite/writer';
import type { SearchQuery } from '@/lib/places/store/types';

const TODAY = '2026-01-15';
const gen = createGenerator({ seed: 11, baseUrl: 'http://localhost:1', today: TODAY });
let dir: string;
let file: string;

const near = (lon: number, lat: number): SearchQuery => ({
  center: { lon, lat }, radius: 50_000, tags: { include: [], exclude: [] }, chains: { include: [], exclude: [] }, sort: 'distance', limit: 5, offset: 0,
});

/** Writes through another connection, as the importer does from its own process. */
function writeElsewhere(places: ReturnType<typeof gen.place>[]) {
  const db = openPlacesDb(file);
  const writer = new PlaceWriter(db, TODAY);
  db.transaction(() => {
    for (const p of places) writer.put(p);
    writer.finish();
  })();
  db.close();
}

/** Generated place `index`, moved onto `anchor`. */
function placeAt(index: number, anchor: { longitude: number; latitude: number }) {
  const p = structuredClone(gen.place(index));
  p.locations[0].longitude = anchor.longitude;
  p.locations[0].latitude = anchor.latitude;
  return p;
}

async function until(check: () => boolean) {
  for (let i = 0; i < 500 && !check(); i++) await new Promise((r) => setImmediate(r));
  expect(check()).toBe(true);
}

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'memory-index-'));
  file = path.join(dir, 'places.sqlite');
  writeElsewhere(Array.from({ length: 400 }, (_, i) => gen.place(i)));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('the in-memory search index', () => {
  it('builds in the background while SQLite answers, with the same results before and after', async () => {
    const store = SqlitePlaceStore.open(file);
    const p = gen.place(3).locations[0];
    expect(store.memoryIndexState).toBe('empty');
    const before = await store.search(near(p.longitude, p.latitude));
    expect(store.memoryIndexState).toBe('loading');
    await until(() => store.memoryIndexState === 'ready');
    expect(await store.search(near(p.longitude, p.latitude))).toEqual(before);
    store.close();
  });

  it('is dropped when another process changes the data, and the change is visible at once', async () => {
    const store = SqlitePlaceStore.open(file);
    store.warm();
    expect(store.memoryIndexState).toBe('ready');
    const anchor = gen.place(5).locations[0];
    const before = await store.search(near(anchor.longitude, anchor.latitude));

    const added = placeAt(1000, anchor);
    writeElsewhere([added]);

    const after = await store.search(near(anchor.longitude, anchor.latitude));
    expect(after.total).toBe(before.total + 1);
    expect(after.hits.map((h) => h.id)).toContain(added.id);
    expect(store.memoryIndexState).toBe('loading');
    await until(() => store.memoryIndexState === 'ready');
    expect(await store.search(near(anchor.longitude, anchor.latitude))).toEqual(after);
    store.close();
  });

  it('throws away a build that overlapped a change, then builds again', async () => {
    const store = SqlitePlaceStore.open(file);
    const anchor = gen.place(7).locations[0];
    await store.search(near(anchor.longitude, anchor.latitude));
    expect(store.memoryIndexState).toBe('loading');
    const added = placeAt(1001, anchor);
    writeElsewhere([added]);
    await until(() => store.memoryIndexState !== 'loading');
    expect(store.memoryIndexState).toBe('empty');

    const result = await store.search(near(anchor.longitude, anchor.latitude));
    expect(result.hits.map((h) => h.id)).toContain(added.id);
    await until(() => store.memoryIndexState === 'ready');
    expect(await store.search(near(anchor.longitude, anchor.latitude))).toEqual(result);
    store.close();
  });

  it('stops a build when the store closes', async () => {
    const store = SqlitePlaceStore.open(file);
    const anchor = gen.place(9).locations[0];
    await store.search(near(anchor.longitude, anchor.latitude));
    expect(store.memoryIndexState).toBe('loading');
    store.close();
    expect(store.memoryIndexState).toBe('empty');
    await new Promise((r) => setImmediate(r));
  });
});
