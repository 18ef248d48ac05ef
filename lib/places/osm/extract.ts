import fs from 'node:fs';
import path from 'node:path';
import polylabel from 'polylabel';
import { OsmExtractError, placesOsmium } from './osmium';
import { withReferencedObjects } from './referenced';
import { FILTER_EXPRESSIONS, type OsmTags } from './tag-table';

/** One tagged OpenStreetMap object as a point: a node where it is, an area at a point inside it. */
export interface OsmFeature {
  /** `n123`, `w456` or `r789`: the object's type and id, what ids are kept by. */
  key: string;
  lon: number;
  lat: number;
  tags: OsmTags;
}

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

/** The object of one line of osmium's GeoJSON export, or null when it has no point (an area without a ring). */
export function featureOfLine(line: string): OsmFeature | null {
  const feature = JSON.parse(line) as { geometry: { type: string; coordinates: unknown }; properties: Record<string, string | number> };
  const { '@type': type, '@id': id, ...tags } = feature.properties;
  const point = pointOnSurface(feature.geometry);
  if (!point) return null;
  return { key: `${String(type)[0]}${id}`, lon: point[0], lat: point[1], tags: tags as OsmTags };
}

/**
 * The tagged objects of an extract (`.osm.pbf`, `.osm`, `.osm.bz2`, `.osm.gz`, `.opl`) that the tag table may match,
 * written by Debian's osmium-tool into `dir` as GeoJSON, one object a line (featureOfLine reads one): `tags-filter`
 * keeps the objects with the table's tags alone, referenced.ts adds the ways and nodes their areas are drawn with, and
 * `export` writes them, areas as polygons, with their nodes' locations in a file beside them (in memory, osmium's index
 * grows by doubling: up to 32 bytes a node).
 * osmium reads the whole file first, so a truncated or foreign file fails here, before anything is written.
 */
export async function exportExtract(file: string, dir: string, onStep: (step: string) => void = () => {}): Promise<string> {
  if (!fs.existsSync(file) || !fs.statSync(file).isFile()) throw new OsmExtractError(`${file} does not exist`);
  const tagged = path.join(dir, 'tagged.osm.pbf');
  const exported = path.join(dir, 'places.geojsonseq');
  const locations = path.join(dir, 'locations.idx');
  onStep('the objects of the tag table');
  await placesOsmium.run(file, ['tags-filter', file, ...FILTER_EXPRESSIONS, '--omit-referenced', '-o', tagged, '--overwrite']);
  const complete = await withReferencedObjects(file, tagged, dir, onStep);
  onStep('the places as GeoJSON, areas with their nodes’ locations');
  await placesOsmium.run(file, [
    'export', complete, '-i', `sparse_file_array,${locations}`, '-f', 'geojsonseq', '-x', 'print_record_separator=false', '--geometry-types=point,polygon', '-a', 'type,id', '-o', exported, '--overwrite',
  ]);
  fs.rmSync(complete);
  fs.rmSync(locations, { force: true });
  return exported;
}
