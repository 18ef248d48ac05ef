import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { geojsonSource } from '@/lib/roads/import/geojson-source';
import { importRoads, type ImportSummary } from '@/lib/roads/import/import-roads';
import { PostgresPreparedShelf } from '@/lib/roads/router/ch/postgres-shelf';
import { GraphRouter } from '@/lib/roads/router/graph-router';
import { PgRoutingRouter } from '@/lib/roads/router/pgrouting/router';
import type { RoadRouter } from '@/lib/roads/router/types';
import { PostgresRoadStore } from '@/lib/roads/store/postgres/store';
import { SqliteRoadStore } from '@/lib/roads/store/sqlite/store';
import type { RoadStore } from '@/lib/roads/store/types';
import { createTestDatabase } from '../../support/postgres';

export interface RoadEngine {
  name: string;
  open(): Promise<{ store: RoadStore; router: RoadRouter; close(): Promise<void> }>;
}

/** The embedded router over a SQLite store in a directory of its own, with what `router` makes of them. */
function sqliteEngine(name: string, router: (store: SqliteRoadStore, dir: string) => RoadRouter): RoadEngine {
  return {
    name,
    async open() {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'roads-contract-'));
      const store = SqliteRoadStore.open(path.join(dir, 'roads.sqlite'));
      const routes = router(store, dir);
      return {
        store,
        router: routes,
        async close() {
          await routes.close();
          await store.close();
          fs.rmSync(dir, { recursive: true, force: true });
        },
      };
    },
  };
}

/** PostgreSQL in a database of its own on the run's servers, with its replica (read there once it has caught up). */
function postgresEngine(name: string, router: (store: PostgresRoadStore) => RoadRouter): RoadEngine {
  return {
    name,
    async open() {
      const database = await createTestDatabase('roads');
      const store = await PostgresRoadStore.open({ primaryUrl: database.url, replicaUrls: database.readUrls, poolSize: 2 });
      const routes = router(store);
      return {
        store,
        router: routes,
        async close() {
          await routes.close();
          await store.close();
          await database.drop();
        },
      };
    },
  };
}

/** Each route waits for the network's hierarchy, so the hierarchy (not the landmarks meanwhile) answers it. */
function waitingForHierarchy(graph: GraphRouter): RoadRouter {
  return {
    network: () => graph.network(),
    async route(from, to, vehicle) {
      if ((await graph.network()) && !(await graph.hierarchyReady())) throw new Error('the network has no hierarchy');
      return graph.route(from, to, vehicle);
    },
    close: () => graph.close(),
  };
}

/**
 * An instance's next start: `first` prepares each network's graph and hierarchy on the shelf, and a router made anew
 * for the network reads them there (the graph without its search aids, the hierarchy being kept) and answers.
 */
function nextStart(first: GraphRouter, next: () => GraphRouter): RoadRouter {
  let started: { networkId: number; router: GraphRouter } | null = null;
  return {
    network: () => first.network(),
    async route(from, to, vehicle) {
      const network = await first.network();
      if (!network) return first.route(from, to, vehicle);
      if (started?.networkId !== network.id) {
        if (!(await first.hierarchyReady())) throw new Error('the network has no hierarchy');
        await started?.router.close();
        started = { networkId: network.id, router: next() };
        if ((await started.router.graphSource()) !== 'read' || !(await started.router.hierarchyReady())) throw new Error('the next start did not read what was kept');
      }
      return started.router.route(from, to, vehicle);
    },
    close: async () => {
      await started?.router.close();
      await first.close();
    },
  };
}

/** Every engine the contract runs against. */
export const ROAD_ENGINES: RoadEngine[] = [
  sqliteEngine('SQLite + ngraph.path', (store) => new GraphRouter(store)),
  sqliteEngine('SQLite + contraction hierarchy', (store, dir) => waitingForHierarchy(new GraphRouter(store, { hierarchyFile: path.join(dir, 'roads-hierarchy.bin') }))),
  sqliteEngine('SQLite + the graph and hierarchy kept, read at the next start', (store, dir) => {
    const hierarchyFile = path.join(dir, 'roads-hierarchy.bin');
    return nextStart(new GraphRouter(store, { hierarchyFile }), () => new GraphRouter(store, { hierarchyFile }));
  }),
  postgresEngine('PostgreSQL + pgRouting', (store) => new PgRoutingRouter(store)),
  // The scaled-out shape's default: each instance's own router, its hierarchy kept in the database.
  postgresEngine('PostgreSQL + contraction hierarchy kept in the database', (store) => waitingForHierarchy(new GraphRouter(store, { hierarchyShelf: new PostgresPreparedShelf(store) }))),
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
