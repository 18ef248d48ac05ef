// `npm run roads:import` as an operator runs it: the network in the SQLite file, and the router's hierarchy prepared
// beside it, which a router then reads instead of contracting again.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GraphRouter } from '@/lib/roads/router/graph-router';
import { ROADS_HIERARCHY_FILE } from '@/lib/roads/store';
import { SqliteRoadStore } from '@/lib/roads/store/sqlite/store';
import { PRESET_VEHICLES } from '@/lib/roads/vehicle';

let dir: string;

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'roads-import-cli-'));
});

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const line = (coordinates: [number, number][], highway = 'residential') => ({ type: 'Feature', properties: { highway }, geometry: { type: 'LineString', coordinates } });

describe('npm run roads:import', () => {
  it('imports the roads and prepares the router’s graph and hierarchy, which the next router reads as they are', async () => {
    const roads = path.join(dir, 'town.geojson');
    const streets = [0, 1, 2].flatMap((i) => [line([[10, 50 + i * 0.01], [10.02, 50 + i * 0.01]]), line([[10 + i * 0.01, 50], [10 + i * 0.01, 50.02]])]);
    fs.writeFileSync(roads, JSON.stringify({ type: 'FeatureCollection', features: streets }));
    const db = path.join(dir, 'roads.sqlite');
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/roads/import.ts', roads, '--db', db, '--name', 'Town'], {
      env: { ...process.env, NODE_ENV: 'test', DATA_DIR: dir },
    });
    const hierarchyFile = path.join(dir, ROADS_HIERARCHY_FILE);
    expect(stdout).toMatch(/^imported "Town" \(GeoJSON town\.geojson\) in [\d.]+ s: \d+ edges/);
    expect(stdout).toContain("prepared the router's graph and contraction hierarchy in ");
    expect(stdout).toContain(`${hierarchyFile} (`);
    const prepared = fs.statSync(hierarchyFile).mtimeMs;

    const store = SqliteRoadStore.open(db);
    const router = new GraphRouter(store, { hierarchyFile });
    try {
      expect(await router.graphSource()).toBe('read');
      expect(await router.hierarchyReady()).toBe(true);
      expect(await router.route([10, 50], [10.02, 50.02], PRESET_VEHICLES.car)).toMatchObject({ kind: 'route' });
      expect(fs.statSync(hierarchyFile).mtimeMs).toBe(prepared);
    } finally {
      await router.close();
      await store.close();
    }
  }, 120_000);
});
