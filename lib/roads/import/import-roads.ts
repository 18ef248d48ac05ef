import path from 'node:path';
import type { RoadNetwork, RoadStore } from '../store/types';
import { buildNetwork, type UnreadableCounts } from './build-network';
import { RoadImportError, type RoadSource } from './types';

export interface ImportOptions {
  /** The network's name ("Colorado"); the file's name without its endings by default. */
  name?: string;
  generated?: boolean;
  now?: Date;
  /** Ways read so far (while reading), then rows written of the total (while writing). */
  onProgress?: (phase: 'reading' | 'writing', done: number, total: number | null) => void;
}

export interface ImportSummary {
  network: RoadNetwork;
  waysRead: number;
  waysSkipped: number;
  lengthKm: number;
  unreadable: UnreadableCounts;
}

/** Reads a source and makes it the current road network, all or nothing: an input with no road changes nothing. */
export async function importRoads(store: RoadStore, source: RoadSource, file: string, options: ImportOptions = {}): Promise<ImportSummary> {
  const built = await buildNetwork(source, (read) => options.onProgress?.('reading', read, null));
  if (!built.edges.length) {
    throw new RoadImportError(
      `${path.basename(file)} has no roads a vehicle drives (highway=motorway down to service, as lines) among its ${built.waysRead} lines: nothing changed`,
    );
  }
  const network = await store.replace(
    {
      name: options.name?.trim() || defaultName(file),
      source: source.label,
      importedAt: (options.now ?? new Date()).toISOString(),
      generated: options.generated ?? false,
      unreadable: built.unreadable.counts,
    },
    built.nodes,
    built.edges,
    (written, total) => options.onProgress?.('writing', written, total),
  );
  const lengthKm = built.edges.reduce((sum, e) => sum + e.lengthM, 0) / 1000;
  return { network, waysRead: built.waysRead, waysSkipped: built.waysSkipped, lengthKm, unreadable: built.unreadable };
}

function defaultName(file: string): string {
  return path.basename(file).replace(/(\.osm)?(\.pbf|\.bz2|\.gz)?$|\.(geojson|json|geojsonl|geojsonseq|ndjson)$/i, '');
}
