import type { LonLat } from '../edge';
import type { OsmTags } from '../road-tags';

/** One line of road as a source gives it: its vertices, a key per vertex that says where lines meet, and its tags. */
export interface SourceWay {
  /** The OSM way id, where the source names one. */
  wayId: number | null;
  /** OSM node ids (OSM input) or rounded-coordinate keys (GeoJSON input): equal keys are the same junction. */
  keys: (number | string)[];
  coordinates: LonLat[];
  tags: OsmTags;
}

/** A file of roads, read as a stream of ways. */
export interface RoadSource {
  /** What the network record says it came from ("OpenStreetMap extract colorado.osm.pbf"). */
  label: string;
  /** Node ids are OSM ids (true) or coordinate keys. */
  osmNodeIds: boolean;
  ways(): AsyncIterable<SourceWay>;
  /** Removes what the readings left (a file of the extract's roads), once the import is done or refused. */
  close?(): Promise<void>;
}

/** An input the import refuses, with a sentence naming the problem; nothing is changed. */
export class RoadImportError extends Error {
  override name = 'RoadImportError';
}
