// OSM ways around Gothenburg, shipped by geojson-path-finder as test/large-network.json (exported with Overpass in
// 2016). © OpenStreetMap contributors, available under the Open Database Licence (ODbL).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FeatureCollection, LineString } from 'geojson';
import PathFinder from 'geojson-path-finder';
import findPathUncompacted from 'geojson-path-finder/dist/cjs/dijkstra';
import { mulberry32 } from '@/lib/places/dataset/prng';
import type { LonLat } from '@/lib/roads/edge';
import { haversineMeters, roundCoordinate } from '@/lib/roads/geometry';
import { geojsonSource } from '@/lib/roads/import/geojson-source';
import { importRoads } from '@/lib/roads/import/import-roads';
import { mayUse } from '@/lib/roads/restrictions';
import { type OsmTags, readRoadTags } from '@/lib/roads/road-tags';
import { SqliteRoadStore } from '@/lib/roads/store/sqlite/store';
import type { LoadedNetwork } from '@/lib/roads/store/types';
import type { Vehicle } from '@/lib/roads/vehicle';

export const GOTHENBURG_FILE = path.join(path.dirname(require.resolve('geojson-path-finder/package.json')), 'test', 'large-network.json');

export function gothenburgLines(): FeatureCollection<LineString, OsmTags> {
  const all = JSON.parse(fs.readFileSync(GOTHENBURG_FILE, 'utf8')) as FeatureCollection;
  return { type: 'FeatureCollection', features: all.features.filter((f) => f.geometry.type === 'LineString') } as FeatureCollection<LineString, OsmTags>;
}

/**
 * geojson-path-finder's own Dijkstra over the same lines, weighted as our import reads them: each segment's time at
 * the road's speed, one-way roads one way, and the roads the vehicle may not use left out. What it answers is the
 * oracle the router's routes are held to.
 */
export interface OracleRoute {
  seconds: number;
  coordinates: LonLat[];
}

const TOLERANCE = 1e-7;

export function gothenburgOracle(lines: FeatureCollection<LineString, OsmTags>, vehicle: Vehicle) {
  const finder = new PathFinder<unknown, OsmTags>(lines, {
    tolerance: TOLERANCE,
    weight: (a, b, tags) => {
      const read = readRoadTags(tags);
      if (!read || !mayUse(read.attributes, vehicle)) return 0;
      // A zero weight means "no way through" to geojson-path-finder: a repeated vertex gets a hair of time instead.
      const seconds = Math.max(1e-9, (haversineMeters(roundCoordinate(a), roundCoordinate(b)) * 3.6) / read.attributes.speedKmh);
      const { oneway } = read.attributes;
      return { forward: oneway !== 'backward' ? seconds : 0, backward: oneway !== 'forward' ? seconds : 0 };
    },
  });
  const point = (coordinates: LonLat) => ({ type: 'Feature' as const, properties: {}, geometry: { type: 'Point' as const, coordinates } });
  // geojson-path-finder's vertex key at its tolerance.
  const key = (c: LonLat) => c.map((v) => Math.round(v / TOLERANCE) * TOLERANCE).join(',');
  return {
    /** Its answer on its compacted graph, as it routes. */
    route(from: LonLat, to: LonLat): OracleRoute | null {
      const found = finder.findPath(point(from), point(to));
      return found ? { seconds: found.weight, coordinates: found.path as LonLat[] } : null;
    },
    /**
     * Its own Dijkstra on its graph before compaction. The compaction keeps one of two stretches joining the same
     * two junctions where one is one-way (a service road beside Emigrantvägen, both from one junction to another,
     * loses the two-way street's way back); the graph before it has them both.
     */
    uncompacted(from: LonLat, to: LonLat): OracleRoute | null {
      const found = finder.graph.vertices[key(from)] && finder.graph.vertices[key(to)] ? findPathUncompacted(finder.graph.vertices, key(from), key(to)) : undefined;
      return found ? { seconds: found[0], coordinates: found[1].map((k) => finder.graph.sourceCoordinates[k] as LonLat) } : null;
    },
  };
}

/** Pairs of vertices of drivable lines, drawn by a seeded generator: the same pairs in every run. */
export function gothenburgPairs(lines: FeatureCollection<LineString, OsmTags>, count: number, seed = 37): [LonLat, LonLat][] {
  const vertices = lines.features.filter((f) => readRoadTags(f.properties)).flatMap((f) => f.geometry.coordinates as LonLat[]);
  const rng = mulberry32(seed);
  const pick = () => vertices[Math.floor(rng() * vertices.length)];
  return Array.from({ length: count }, () => [pick(), pick()]);
}

/** The Gothenburg ways imported into a SQLite road store in a directory of its own (`dir`, for the test's other files). */
export async function gothenburgStore(label: string): Promise<{ dir: string; store: SqliteRoadStore; network: LoadedNetwork; close(): Promise<void> }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `${label}-`));
  const store = SqliteRoadStore.open(path.join(dir, 'roads.sqlite'));
  await importRoads(store, geojsonSource(GOTHENBURG_FILE, false), GOTHENBURG_FILE);
  const network = (await store.load())!;
  return {
    dir,
    store,
    network,
    async close() {
      await store.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
