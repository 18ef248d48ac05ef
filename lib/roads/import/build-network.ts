import type { RoadEdge, RoadNode } from '../edge';
import { lineMeters, roundCoordinate } from '../geometry';
import { readRoadTags } from '../road-tags';
import type { NetworkBatch } from '../store/types';
import { type CountingLimits, JunctionCounter } from './junction-count';
import type { JunctionTable } from './junction-table';
import { hashNumber } from '@/lib/core/typed-columns';
import type { VertexKeys } from './vertex-keys';
import { RoadImportError, type RoadSource } from './types';

export interface UnreadableCounts {
  /** How many ways had an unreadable value, by tag. */
  counts: Record<string, number>;
  /** A few of the values, by tag, to show in the import's summary. */
  examples: Record<string, string[]>;
}

/** What the first reading of a source found: the junctions, and the ways to expect on the second. */
export interface JunctionCount {
  junctions: JunctionTable;
  /** Every vertex of every road way, and the sum of their keys' hashes: the second reading must pass the same. */
  passes: number;
  digest: number;
  /** The most bytes the count of vertices held at once, or the junctions' table if more. */
  countingBytes: number;
  unreadable: UnreadableCounts;
  /** Lines read from the source, and those of them that are roads a vehicle drives. */
  waysRead: number;
  roadWays: number;
}

/** Counts kept while the second reading cuts the ways into edges. */
export interface NetworkTally {
  nodes: number;
  edges: number;
  lengthM: number;
}

export interface BuiltNetwork {
  nodes: RoadNode[];
  edges: RoadEdge[];
  unreadable: UnreadableCounts;
  waysRead: number;
  waysSkipped: number;
}

const EXAMPLES_PER_TAG = 5;
/** Edges handed to the store at a time: the network is never held whole. */
const BATCH_EDGES = 5_000;

/**
 * The first of two readings: the vertices ways pass twice or more (junctions), and the values that could not be read.
 * Nothing of the ways is kept, and the vertices are counted within fixed memory (`JunctionCounter`), so a country's
 * network is read in the memory of its junctions' table.
 */
export async function countJunctions(source: RoadSource, onWay?: (read: number) => void, limits?: CountingLimits): Promise<JunctionCount> {
  const counter = new JunctionCounter(limits);
  const unreadable: UnreadableCounts = { counts: {}, examples: {} };
  let waysRead = 0;
  let roadWays = 0;
  try {
    for await (const way of source.ways()) {
      waysRead++;
      if (onWay && waysRead % 1000 === 0) onWay(waysRead);
      const read = readRoadTags(way.tags);
      if (!read) continue;
      roadWays++;
      for (const { tag, raw } of read.unreadable) {
        unreadable.counts[tag] = (unreadable.counts[tag] ?? 0) + 1;
        const examples = (unreadable.examples[tag] ??= []);
        if (examples.length < EXAMPLES_PER_TAG && !examples.includes(raw)) examples.push(raw);
      }
      for (const key of way.keys) counter.pass(key);
    }
    onWay?.(waysRead);
    const junctions = counter.finish();
    return { junctions, passes: counter.passes, digest: counter.digest, countingBytes: counter.peakBytes, unreadable, waysRead, roadWays };
  } finally {
    counter.discard();
  }
}

/**
 * The second reading: each road way cut into edges at its junctions and at its ends, so the graph's nodes are
 * junctions and dead ends, given out in batches as they are made. Nodes are numbered as edges first reach them, edges
 * in the source's order; `tally` counts what was given out. A source that changed between the two readings is refused.
 */
export async function* networkBatches(source: RoadSource, counted: JunctionCount, tally: NetworkTally, onRoadWay?: (done: number) => void): AsyncGenerator<NetworkBatch> {
  const { junctions } = counted;
  let nodes: RoadNode[] = [];
  let edges: RoadEdge[] = [];
  // Only a junction's id is kept: any other vertex that is an edge's end (a way's first or last) is met once.
  const nodeFor = (key: number | string, [lon, lat]: [number, number]) => {
    let id = junctions.idOf(key);
    if (id >= 0) return id;
    id = tally.nodes++;
    junctions.setId(key, id);
    nodes.push({ id, osmId: source.osmNodeIds ? Number(key) : null, lon, lat });
    return id;
  };
  const passed = { passes: 0, digest: 0 };
  let roadWays = 0;
  for await (const way of source.ways()) {
    const read = readRoadTags(way.tags);
    if (!read) continue;
    roadWays++;
    if (onRoadWay && roadWays % 1000 === 0) onRoadWay(roadWays);
    addPasses(passed, counted.junctions.keys, way.keys);
    const coordinates = way.coordinates.map(roundCoordinate);
    let start = 0;
    for (let i = 1; i < way.keys.length; i++) {
      if (i < way.keys.length - 1 && !junctions.isJunction(way.keys[i])) continue;
      const geometry = coordinates.slice(start, i + 1);
      const edge: RoadEdge = {
        ...read.attributes,
        id: tally.edges++,
        from: nodeFor(way.keys[start], geometry[0]),
        to: nodeFor(way.keys[i], geometry[geometry.length - 1]),
        wayId: way.wayId,
        lengthM: lineMeters(geometry),
        geometry,
      };
      tally.lengthM += edge.lengthM;
      edges.push(edge);
      start = i;
    }
    if (edges.length >= BATCH_EDGES) {
      yield { nodes, edges };
      [nodes, edges] = [[], []];
    }
  }
  onRoadWay?.(roadWays);
  if (roadWays !== counted.roadWays || passed.passes !== counted.passes || passed.digest !== counted.digest) throw new RoadImportError(`${source.label} changed while it was being read: import it again`);
  if (edges.length || nodes.length) yield { nodes, edges };
}

/** Counts the second reading's passes as the first counted them, to find a source that changed between the two. */
function addPasses(passed: { passes: number; digest: number }, keys: VertexKeys, wayKeys: (number | string)[]): void {
  for (const key of wayKeys) {
    passed.passes++;
    passed.digest = (passed.digest + hashNumber(keys.numeric(key, false))) >>> 0;
  }
}

/**
 * Both readings into arrays: for tests and small sources; an import streams the batches into the store instead.
 * `countingLimits` lets a test spread a small extract's count over files as a country's is.
 */
export async function buildNetwork(source: RoadSource, countingLimits?: CountingLimits): Promise<BuiltNetwork> {
  try {
    const counted = await countJunctions(source, undefined, countingLimits);
    const built: BuiltNetwork = { nodes: [], edges: [], unreadable: counted.unreadable, waysRead: counted.waysRead, waysSkipped: counted.waysRead - counted.roadWays };
    for await (const batch of networkBatches(source, counted, { nodes: 0, edges: 0, lengthM: 0 })) {
      built.nodes.push(...batch.nodes);
      built.edges.push(...batch.edges);
    }
    return built;
  } finally {
    await source.close?.();
  }
}
