import fs from 'node:fs';
import path from 'node:path';
import { geojsonSource } from './geojson-source';
import { osmSource } from './osm-source';
import { RoadImportError, type RoadSource } from './types';

const OSM = ['.osm', '.osm.pbf', '.pbf', '.osm.bz2', '.osm.gz'];
const GEOJSON = ['.geojson', '.json'];
const GEOJSON_SEQUENCE = ['.geojsonl', '.geojsonseq', '.ndjson'];

/** The reader for a file, chosen by its name's ending; anything else is refused with the endings it takes. */
export function openRoadSource(file: string): RoadSource {
  if (!fs.existsSync(file) || !fs.statSync(file).isFile()) throw new RoadImportError(`${file} does not exist`);
  const name = path.basename(file).toLowerCase();
  const is = (endings: string[]) => endings.some((ending) => name.endsWith(ending));
  if (is(OSM)) return osmSource(file);
  if (is(GEOJSON)) return geojsonSource(file, false);
  if (is(GEOJSON_SEQUENCE)) return geojsonSource(file, true);
  throw new RoadImportError(
    `${path.basename(file)}: unknown kind of file; roads:import reads OpenStreetMap extracts (${OSM.join(', ')}) and GeoJSON road lines (${[...GEOJSON, ...GEOJSON_SEQUENCE].join(', ')})`,
  );
}
