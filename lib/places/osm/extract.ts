import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import polylabel from 'polylabel';
import { type OsmiumNeeds, osmiumFailureSentence } from '@/lib/core/osmium-exit';
import { FILTER_KEYS, type OsmTags } from './tag-table';

/** One tagged OpenStreetMap object as a point: a node where it is, an area at a point inside it. */
export interface OsmFeature {
  /** `n123`, `w456` or `r789`: the object's type and id, what ids are kept by. */
  key: string;
  lon: number;
  lat: number;
  tags: OsmTags;
}

export class OsmExtractError extends Error {}

type Polygon = number[][][];

/** A point inside an area (its largest part's pole of inaccessibility), never its centroid, which may lie outside. */
function pointOnSurface(geometry: { type: string; coordinates: unknown }): [number, number] | null {
  if (geometry.type === 'Point') return geometry.coordinates as [number, number];
  const polygons: Polygon[] = geometry.type === 'Polygon' ? [geometry.coordinates as Polygon] : geometry.type === 'MultiPolygon' ? (geometry.coordinates as Polygon[]) : [];
  let best: Polygon | null = null;
  let bestArea = -1;
  for (const polygon of polygons) {
    const area = Math.abs(ringArea(polygon[0]));
    if (area > bestArea) [best, bestArea] = [polygon, area];
  }
  if (!best) return null;
  // About a meter at the equator: enough for a map pin, and quick on a national park's thousands of vertices.
  const [lon, lat] = polylabel(best, 0.00001);
  return [lon, lat];
}

function ringArea(ring: number[][]): number {
  let sum = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) sum += (ring[j][0] - ring[i][0]) * (ring[j][1] + ring[i][1]);
  return sum / 2;
}

function run(args: string[], file: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('osmium', args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', (err: NodeJS.ErrnoException) =>
      reject(err.code === 'ENOENT' ? new OsmExtractError("reading OpenStreetMap files needs osmium-tool: run 'sudo apt-get install osmium-tool' and try again") : err),
    );
    child.on('close', (code, signal) => (code === 0 ? resolve() : reject(osmiumFailure(file, code, signal, stderr))));
  });
}

/**
 * Why osmium stopped, in one sentence; running out of memory (its own message, or killed by the kernel) or of disk
 * says what the extract needs, as measured with `npm run bench:import`.
 */
export function osmiumFailure(file: string, code: number | null, signal: NodeJS.Signals | null, stderr: string): OsmExtractError {
  return new OsmExtractError(osmiumFailureSentence(file, code, signal, stderr, PLACES_IMPORT_NEEDS));
}

const PLACES_IMPORT_NEEDS: OsmiumNeeds = {
  importName: 'the places import',
  memory: "it needs about 2 GiB free whatever the extract's size (its filter keeps a set of node ids, which reach 12 billion; the nodes' locations go to disk)",
  disk: "it keeps the extract's tagged objects, their nodes' locations and its places there while it runs",
};

/** The object of one line of osmium's GeoJSON export, or null when it has no point (an area without a ring). */
export function featureOfLine(line: string): OsmFeature | null {
  const feature = JSON.parse(line) as { geometry: { type: string; coordinates: unknown }; properties: Record<string, string | number> };
  const { '@type': type, '@id': id, ...tags } = feature.properties;
  const point = pointOnSurface(feature.geometry);
  if (!point) return null;
  return { key: `${String(type)[0]}${id}`, lon: point[0], lat: point[1], tags: tags as OsmTags };
}

/**
 * The tagged objects of an extract (`.osm.pbf`, `.osm`, `.osm.bz2`, `.osm.gz`, `.opl`) that the tag table may keep,
 * written by Debian's osmium-tool into `dir` as GeoJSON, one object a line (featureOfLine reads one): `tags-filter`
 * keeps the objects with the table's keys (and the nodes their ways need), `export` writes them, areas as polygons,
 * with their nodes' locations in a file beside them (in memory, osmium's index grows by doubling: up to 32 bytes a
 * node).
 * osmium reads the whole file first, so a truncated or foreign file fails here, before anything is written.
 */
export async function exportExtract(file: string, dir: string): Promise<string> {
  if (!fs.existsSync(file) || !fs.statSync(file).isFile()) throw new OsmExtractError(`${file} does not exist`);
  const filtered = path.join(dir, 'filtered.osm.pbf');
  const exported = path.join(dir, 'places.geojsonseq');
  const locations = path.join(dir, 'locations.idx');
  await run(['tags-filter', file, ...FILTER_KEYS.map((key) => `nwr/${key}`), '-o', filtered, '--overwrite', '--no-progress'], file);
  await run(
    ['export', filtered, '-i', `sparse_file_array,${locations}`, '-f', 'geojsonseq', '-x', 'print_record_separator=false', '--geometry-types=point,polygon', '-a', 'type,id', '-o', exported, '--overwrite', '--no-progress'],
    file,
  );
  fs.rmSync(filtered);
  fs.rmSync(locations, { force: true });
  return exported;
}
