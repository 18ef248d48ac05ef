// An extract read by several threads at once (lib/places/osm/read-parallel.ts) makes the same places, with the same
// ids, in the same order, as one thread does: Vancouver's real extract (../shared/osm; data © OpenStreetMap
// contributors, ODbL) read whole by one reader and in three byte ranges by three.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importOsmPlaces, type OsmImportReport } from '@/lib/places/osm/import-osm';
import { SqlitePlaceStore } from '@/lib/places/store/sqlite/store';
import { VANCOUVER } from '../support/osm-extracts';

const TODAY = '2026-11-29';

describe('an extract read by three threads', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'osm-parallel-'));
  const stores = { one: SqlitePlaceStore.open(path.join(dir, 'one.sqlite')), three: SqlitePlaceStore.open(path.join(dir, 'three.sqlite')) };
  const reports: Partial<Record<keyof typeof stores, OsmImportReport>> = {};
  const objectsRead: Partial<Record<keyof typeof stores, number>> = {};

  beforeAll(async () => {
    for (const [name, readers] of [['one', 1], ['three', 3]] as const) {
      reports[name] = await importOsmPlaces(stores[name], VANCOUVER, {
        today: TODAY,
        readers,
        onProgress: (phase, done, total) => {
          if (phase === 'reading' && total !== null) objectsRead[name] = total;
        },
      });
    }
  }, 120_000);
  afterAll(async () => {
    await Promise.all(Object.values(stores).map((store) => store.close()));
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('reads every object once: the same counts, places, hours and skips', () => {
    expect(reports.one!.added).toBeGreaterThan(1000);
    expect(reports.three).toEqual(reports.one);
    expect(objectsRead.three).toBe(objectsRead.one);
  });

  it('gives every object the same id and every place the same record', async () => {
    const [one, three] = await Promise.all([stores.one.placeSources(), stores.three.placeSources()]);
    expect([...three.rows()]).toEqual([...one.rows()]);
    for (const { placeId } of one.rows()) expect(await stores.three.details(placeId)).toEqual(await stores.one.details(placeId));
  });
});
