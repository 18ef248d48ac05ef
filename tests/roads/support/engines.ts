import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { geojsonSource } from '@/lib/roads/import/geojson-source';
import { importRoads, type ImportSummary } from '@/lib/roads/import/import-roads';
import { GraphRouter } from '@/lib/roads/router/graph-router';
import type { RoadRouter } from '@/lib/roads/router/types';
import { SqliteRoadStore } from '@/lib/roads/store/sqlite/store';
import type { RoadStore } from '@/lib/roads/store/types';

export interface RoadEngine {
  name: string;
  open(): Promise<{ store: RoadStore; router: RoadRouter; close(): Promise<void> }>;
}

/** Every engine the contract runs against (PostgreSQL with pgRouting joins this list). */
export const ROAD_ENGINES: RoadEngine[] = [
  {
    name: 'SQLite + ngraph.path',
    async open() {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'roads-contract-'));
      const store = SqliteRoadStore.open(path.join(dir, 'roads.sqlite'));
      const router = new GraphRouter(store);
      return {
        store,
        router,
        async close() {
          await router.close();
          await store.close();
          fs.rmSync(dir, { recursive: true, force: true });
        },
      };
    },
  },
];

export type Tags = Record<string, string>;
export type Line = { coordinates: [number, number][]; tags: Tags };

export const road = (tags: Tags, ...coordinates: [number, number][]): Line => ({ coordinates, tags: { highway: 'residential', ...tags } });

/** Writes the lines as a GeoJSON FeatureCollection and imports it as the current network. */
export async function importLines(store: RoadStore, name: string, lines: Line[]): Promise<ImportSummary> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'roads-lines-'));
  const file = path.join(dir, `${name}.geojson`);
  const features = lines.map((l, i) => ({ type: 'Feature', id: `way/${i + 1}`, properties: l.tags, geometry: { type: 'LineString', coordinates: l.coordinates } }));
  fs.writeFileSync(file, JSON.stringify({ type: 'FeatureCollection', features }));
  try {
    return await importRoads(store, geojsonSource(file, false), file, { name });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
