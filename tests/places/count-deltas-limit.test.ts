// A long write applies its gathered count changes each time they reach a limit (COUNT_DELTAS_LIMIT), to bound its
// memory, and a bulk write counts the cells again in SQL at its end instead (count-rebuild.ts): the count tables must
// come out the same as when everything is applied once at the end.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGenerator } from '@/lib/places/dataset/generator';
import type { PlaceRecord } from '@/lib/places/place-schema';
import { PostgresPlaceStore } from '@/lib/places/store/postgres/store';
import { PgPlaceWriter } from '@/lib/places/store/postgres/writer';
import { rebuildCellCounts as rebuildPgCellCounts } from '@/lib/places/store/postgres/count-rebuild';
import { FINE_KEY, openPlacesDb, PLACES_SCHEMA } from '@/lib/places/store/sqlite/schema';
import { PlaceWriter } from '@/lib/places/store/sqlite/writer';
import { rebuildCellCounts } from '@/lib/places/store/sqlite/count-rebuild';
import { createTestDatabase, type TestDatabase } from '../support/postgres';

const TODAY = '2026-01-15';
const gen = createGenerator({ seed: 23, baseUrl: 'http://localhost:1', today: TODAY });
const places = Array.from({ length: 300 }, (_, i) => gen.place(i));
/** The first 60 written again, moved: each is taken back from its old cells and added to its new ones. */
const moved: PlaceRecord[] = places.slice(0, 60).map((p) => {
  const copy = structuredClone(p);
  copy.locations[0].longitude += 0.5;
  copy.locations[0].latitude -= 0.25;
  return copy;
});
/** Places on the grids' lines and at the ends of the world, where a cell computed in SQL could differ from JavaScript's. */
const onGridLines: PlaceRecord[] = [[-122.3, 47.6], [-180, -90], [180, 90], [0, 0], [-0.02, 33.34], [12.34, -56.78], [179.99999999, 89.99999999]].map(([lon, lat], i) => {
  const copy = structuredClone(places[100 + i]);
  copy.id = Math.max(...places.map((p) => p.id)) + 1 + i;
  copy.previous_ids = [];
  copy.locations[0].longitude = lon;
  copy.locations[0].latitude = lat;
  return copy;
});
const COUNT_TABLES = ['SELECT key, cell, n FROM cell_counts ORDER BY key, cell', 'SELECT loc, key, n FROM location_counts ORDER BY loc, key', 'SELECT a, b, n FROM location_pairs ORDER BY a, b'];

describe('count changes applied as they reach the limit, on sqlite', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'count-deltas-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  function countTables(limit?: number | 'counted again') {
    const db = openPlacesDb(path.join(fs.mkdtempSync(path.join(dir, `limit-${limit ?? 'default'}-`)), 'places.sqlite'));
    const writer = new PlaceWriter(db, TODAY, limit === 'counted again' ? { cellCounts: false } : { countDeltasLimit: limit });
    db.transaction(() => {
      for (const p of [...places, ...onGridLines]) writer.put(p, { replace: false });
      for (const p of moved) writer.put(p, { replace: true });
      writer.finish();
      if (limit === 'counted again') rebuildCellCounts(db);
    })();
    const tables = COUNT_TABLES.map((sql) => db.prepare(sql).raw(true).all());
    db.close();
    return tables;
  }

  it('gives the same cell counts, location counts and pairs as one application at the end', () => {
    const once = countTables();
    expect(once[0].length).toBeGreaterThan(100);
    expect(countTables(40)).toEqual(once);
  });

  it('gives the same cell counts when a bulk write counts the cells again at its end instead', () => {
    expect(countTables('counted again')).toEqual(countTables());
  });

  it('gives a store made before the fine grid the same counts when it is opened (its migration counts again)', () => {
    const file = path.join(fs.mkdtempSync(path.join(dir, 'before-fine-')), 'places.sqlite');
    const old = openPlacesDb(file);
    const writer = new PlaceWriter(old, TODAY);
    old.transaction(() => {
      for (const p of [...places, ...onGridLines]) writer.put(p, { replace: false });
      writer.finish();
    })();
    const cells = old.prepare(COUNT_TABLES[0]).raw(true).all();
    old.prepare('DELETE FROM cell_counts WHERE key >= ?').run(FINE_KEY);
    old.pragma(`user_version = ${PLACES_SCHEMA.migrations.findIndex((m) => m.name === 'fine_cell_counts')}`);
    old.close();
    const upgraded = openPlacesDb(file);
    expect(upgraded.prepare(COUNT_TABLES[0]).raw(true).all()).toEqual(cells);
    upgraded.close();
  });
});

describe('count changes applied as they reach the limit, on postgres', () => {
  let database: TestDatabase;
  let store: PostgresPlaceStore;
  beforeAll(async () => {
    database = await createTestDatabase('count_deltas');
    store = await PostgresPlaceStore.open({ primaryUrl: database.url, replicaUrls: [], maxReplicaLagMs: 5000, poolSize: 2 });
  });
  afterAll(async () => {
    await store?.close();
    await database?.drop();
  });

  async function countTables(limit?: number | 'counted again') {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      await client.query('BEGIN');
      for (const table of ['place_sources', 'cell_counts', 'location_counts', 'location_pairs', 'places']) await client.query(`DELETE FROM ${table}`);
      const options = limit === 'counted again' ? { cellCounts: false } : { countDeltasLimit: limit };
      const fresh = await PgPlaceWriter.open(client, TODAY, { replace: false, ...options });
      for (const [i, p] of [...places, ...onGridLines].entries()) await fresh.put(p, i);
      await fresh.finish();
      const replacing = await PgPlaceWriter.open(client, TODAY, { replace: true, ...options });
      for (const [i, p] of moved.entries()) await replacing.put(p, i);
      await replacing.finish();
      if (limit === 'counted again') await rebuildPgCellCounts(client);
      const tables = [];
      for (const sql of COUNT_TABLES) tables.push((await client.query({ text: sql, rowMode: 'array' })).rows);
      await client.query('ROLLBACK');
      return tables;
    } finally {
      await client.end();
    }
  }

  it('gives the same cell counts, location counts and pairs as one application at the end', async () => {
    const once = await countTables();
    expect(once[0].length).toBeGreaterThan(100);
    expect(await countTables(40)).toEqual(once);
  });

  it('gives the same cell counts when a bulk write counts the cells again at its end instead', async () => {
    expect(await countTables('counted again')).toEqual(await countTables());
  });
});
