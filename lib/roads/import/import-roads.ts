import path from 'node:path';
import type { NetworkBatch, RoadNetwork, RoadStore } from '../store/types';
import { countJunctions, networkBatches, type NetworkTally, type UnreadableCounts } from './build-network';
import { RoadImportError, type RoadSource } from './types';

export interface ImportOptions {
  /** The network's name ("Colorado"); the file's name without its endings by default. */
  name?: string;
  generated?: boolean;
  now?: Date;
  /**
   * Lines read on the first reading (which counts the junctions; their number is known at its end), then road
   * lines cut into edges and written of that number on the second.
   */
  onProgress?: (phase: 'reading' | 'writing', done: number, total: number | null) => void;
}

export interface ImportSummary {
  network: RoadNetwork;
  waysRead: number;
  waysSkipped: number;
  lengthKm: number;
  unreadable: UnreadableCounts;
  /** The most bytes the vertices' count or the junctions' table held: the import's memory grows with the junctions alone. */
  junctionTableBytes: number;
}

/**
 * Reads a source twice and makes it the current road network, all or nothing: the first reading counts the
 * junctions, the second cuts the ways into edges and streams them into the store, so the network is never held
 * whole. An input with no road changes nothing.
 */
export async function importRoads(store: RoadStore, source: RoadSource, file: string, options: ImportOptions = {}): Promise<ImportSummary> {
  try {
    return await readTwice(store, source, file, options);
  } finally {
    await source.close?.();
  }
}

async function readTwice(store: RoadStore, source: RoadSource, file: string, options: ImportOptions): Promise<ImportSummary> {
  const counted = await countJunctions(source, (read) => options.onProgress?.('reading', read, null));
  if (!counted.roadWays) throw noRoads(file, counted.waysRead);
  const tally: NetworkTally = { nodes: 0, edges: 0, lengthM: 0 };
  const network = await store.replace(
    {
      name: options.name?.trim() || defaultName(file),
      source: source.label,
      importedAt: (options.now ?? new Date()).toISOString(),
      generated: options.generated ?? false,
      unreadable: counted.unreadable.counts,
    },
    withEdges(networkBatches(source, counted, tally, (done) => options.onProgress?.('writing', done, counted.roadWays)), () => noRoads(file, counted.waysRead)),
  );
  return {
    network,
    waysRead: counted.waysRead,
    waysSkipped: counted.waysRead - counted.roadWays,
    lengthKm: tally.lengthM / 1000,
    unreadable: counted.unreadable,
    junctionTableBytes: counted.countingBytes,
  };
}

function noRoads(file: string, waysRead: number): RoadImportError {
  return new RoadImportError(
    `${path.basename(file)} has no roads a vehicle drives (highway=motorway down to service, as lines) among its ${waysRead} lines: nothing changed`,
  );
}

/** The batches, refused at their end (and so rolled back) when none held an edge. */
async function* withEdges(batches: AsyncIterable<NetworkBatch>, refusal: () => Error): AsyncGenerator<NetworkBatch> {
  let edges = 0;
  for await (const batch of batches) {
    edges += batch.edges.length;
    yield batch;
  }
  if (!edges) throw refusal();
}

function defaultName(file: string): string {
  return path.basename(file).replace(/(\.osm)?(\.pbf|\.bz2|\.gz)?$|\.(geojson|json|geojsonl|geojsonseq|ndjson)$/i, '');
}
