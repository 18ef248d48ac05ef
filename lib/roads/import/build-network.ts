import type { LonLat, RoadAttributes, RoadEdge, RoadNode } from '../edge';
import { lineMeters, roundCoordinate } from '../geometry';
import { readRoadTags } from '../road-tags';
import type { RoadSource } from './types';

export interface UnreadableCounts {
  /** How many ways had an unreadable value, by tag. */
  counts: Record<string, number>;
  /** A few of the values, by tag, to show in the import's summary. */
  examples: Record<string, string[]>;
}

export interface BuiltNetwork {
  nodes: RoadNode[];
  edges: RoadEdge[];
  unreadable: UnreadableCounts;
  /** Lines read from the source, and those that are not roads a vehicle drives. */
  waysRead: number;
  waysSkipped: number;
}

interface KeptWay {
  wayId: number | null;
  keys: (number | string)[];
  coordinates: LonLat[];
  attributes: RoadAttributes;
}

const EXAMPLES_PER_TAG = 5;

/**
 * Reads the roads of a source into a network: each way is cut into edges at its junctions (a vertex another way,
 * or the same way again, also passes through) and at its ends, so the graph's nodes are junctions and dead ends.
 */
export async function buildNetwork(source: RoadSource, onWay?: (read: number) => void): Promise<BuiltNetwork> {
  const kept: KeptWay[] = [];
  const uses = new Map<number | string, number>();
  const unreadable: UnreadableCounts = { counts: {}, examples: {} };
  let waysRead = 0;
  for await (const way of source.ways()) {
    waysRead++;
    if (onWay && waysRead % 1000 === 0) onWay(waysRead);
    const read = readRoadTags(way.tags);
    if (!read) continue;
    for (const { tag, raw } of read.unreadable) {
      unreadable.counts[tag] = (unreadable.counts[tag] ?? 0) + 1;
      const examples = (unreadable.examples[tag] ??= []);
      if (examples.length < EXAMPLES_PER_TAG && !examples.includes(raw)) examples.push(raw);
    }
    for (const key of way.keys) uses.set(key, (uses.get(key) ?? 0) + 1);
    kept.push({ wayId: way.wayId, keys: way.keys, coordinates: way.coordinates.map(roundCoordinate), attributes: read.attributes });
  }
  onWay?.(waysRead);

  const nodes: RoadNode[] = [];
  const nodeIds = new Map<number | string, number>();
  const nodeFor = (key: number | string, [lon, lat]: LonLat) => {
    let id = nodeIds.get(key);
    if (id === undefined) {
      id = nodes.length;
      nodeIds.set(key, id);
      nodes.push({ id, osmId: source.osmNodeIds ? Number(key) : null, lon, lat });
    }
    return id;
  };
  const edges: RoadEdge[] = [];
  for (const way of kept) {
    let start = 0;
    for (let i = 1; i < way.keys.length; i++) {
      if (i < way.keys.length - 1 && uses.get(way.keys[i])! < 2) continue;
      const geometry = way.coordinates.slice(start, i + 1);
      edges.push({
        ...way.attributes,
        id: edges.length,
        from: nodeFor(way.keys[start], geometry[0]),
        to: nodeFor(way.keys[i], geometry[geometry.length - 1]),
        wayId: way.wayId,
        lengthM: lineMeters(geometry),
        geometry,
      });
      start = i;
    }
  }
  return { nodes, edges, unreadable, waysRead, waysSkipped: waysRead - kept.length };
}
