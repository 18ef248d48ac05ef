import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import type { LonLat } from '../edge';
import { coordinateKey } from '../geometry';
import type { OsmTags } from '../road-tags';
import { RoadImportError, type RoadSource, type SourceWay } from './types';

interface Feature {
  type?: unknown;
  id?: unknown;
  properties?: Record<string, unknown> | null;
  geometry?: { type?: unknown; coordinates?: unknown } | null;
}

/**
 * GeoJSON road lines with OSM tags in their properties: a FeatureCollection (`.geojson`, `.json`) or one feature a
 * line (`.geojsonl`, `.geojsonseq`, `.ndjson`). LineStrings and MultiLineStrings are read; other geometries
 * (areas, points) are not roads to drive along and are passed over.
 */
export function geojsonSource(file: string, sequence: boolean): RoadSource {
  return {
    label: `GeoJSON ${path.basename(file)}`,
    osmNodeIds: false,
    ways: () => (sequence ? sequenceWays(file) : collectionWays(file)),
  };
}

async function* collectionWays(file: string): AsyncIterable<SourceWay> {
  let document: { type?: unknown; features?: unknown };
  try {
    document = JSON.parse(await fs.promises.readFile(file, 'utf8'));
  } catch (err) {
    throw new RoadImportError(`${path.basename(file)} is not valid JSON: ${(err as Error).message}`);
  }
  if (document?.type !== 'FeatureCollection' || !Array.isArray(document.features)) {
    throw new RoadImportError(`${path.basename(file)} is not a GeoJSON FeatureCollection`);
  }
  for (const feature of document.features as Feature[]) yield* featureWays(feature);
}

async function* sequenceWays(file: string): AsyncIterable<SourceWay> {
  const lines = readline.createInterface({ input: fs.createReadStream(file, 'utf8'), crlfDelay: Infinity });
  let number = 0;
  for await (const line of lines) {
    number++;
    // RFC 8142 puts a record separator before each feature.
    const text = line.replace(/^\x1e/, '').trim();
    if (!text) continue;
    let feature: Feature;
    try {
      feature = JSON.parse(text);
    } catch {
      throw new RoadImportError(`${path.basename(file)}, line ${number}: not a JSON feature`);
    }
    yield* featureWays(feature);
  }
}

function* featureWays(feature: Feature): Iterable<SourceWay> {
  const geometry = feature?.geometry;
  if (!geometry) return;
  const tags = stringTags(feature.properties);
  const wayId = osmWayId(tags['@id'] ?? feature.id);
  const lines = geometry.type === 'LineString' ? [geometry.coordinates] : geometry.type === 'MultiLineString' ? (geometry.coordinates as unknown[]) : [];
  for (const line of lines) {
    if (!Array.isArray(line)) continue;
    const coordinates = line.filter(isPosition).map((p) => [p[0], p[1]] as LonLat);
    if (coordinates.length < 2) continue;
    yield { wayId, keys: coordinates.map(coordinateKey), coordinates, tags };
  }
}

function isPosition(p: unknown): p is number[] {
  return Array.isArray(p) && Number.isFinite(p[0]) && Number.isFinite(p[1]) && Math.abs(p[0]) <= 180 && Math.abs(p[1]) <= 90;
}

function stringTags(properties: Record<string, unknown> | null | undefined): OsmTags {
  const tags: OsmTags = {};
  for (const [key, v] of Object.entries(properties ?? {})) {
    if (typeof v === 'string') tags[key] = v;
    else if (typeof v === 'number' || typeof v === 'boolean') tags[key] = String(v);
  }
  return tags;
}

/** `way/123` (Overpass, osmium), `w123` or a bare number. */
function osmWayId(id: unknown): number | null {
  const match = /^(?:way\/|w)?(\d+)$/.exec(String(id ?? ''));
  return match ? Number(match[1]) : null;
}
