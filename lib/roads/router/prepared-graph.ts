import { StringColumn } from '@/lib/core/typed-columns';
import { checkedPrefix, decodePack, encodePack, type PackArrays, type PackBytes, type PackFormat, type PackPrefix, type PackSchema } from '@/lib/core/typed-pack';
import { EdgeTable } from '../edge-table';
import { LimitColumns } from '../limit-columns';
import type { Arcs } from './arcs';
import type { BuiltGraph } from './graph';
import type { Landmarks } from './landmarks';
import { EdgeIndex } from './snap';

/**
 * What an instance builds from the store's rows before its first route (the edges' columns, the arcs, the snapping
 * index and the landmarks), kept so the next start reads it instead: reading a country's rows and building from them
 * takes many minutes, reading this a few seconds a gigabyte.
 */
export interface PreparedGraph {
  built: BuiltGraph;
  index: EdgeIndex;
  landmarks: Landmarks | null;
  /**
   * Whether the graph has what the searches without a hierarchy and a contraction need: the arcs turned round (for
   * NBA*), the arcs' times and the landmarks. An instance whose hierarchy is kept reads the graph without them (2.4 GB
   * less at 25M edges: its `out.weight` is empty), and searches forwards only (A*, each arc's time worked out from
   * its edge) for what the hierarchy does not answer.
   */
  searchAids: boolean;
}

const ARC_ARRAYS = { start: 'u32', head: 'u32', edge: 'u32', forward: 'u8', weight: 'f64' } as const;
type ArcSide = 'out' | 'in';
type ArcArray = keyof typeof ARC_ARRAYS;
const arcSchema = <P extends ArcSide, N extends ArcArray>(side: P, names: readonly N[]) =>
  Object.fromEntries(names.map((name) => [`${side}.${name}`, ARC_ARRAYS[name]])) as { [M in N as `${P}.${M}`]: (typeof ARC_ARRAYS)[M] };
const ARC_NAMES = Object.keys(ARC_ARRAYS) as ArcArray[];

const FORMAT = {
  name: 'trip-explorer road graph 4',
  noun: 'a prepared road graph',
  schema: {
    from: 'i32',
    to: 'i32',
    lengthM: 'f64',
    speedKmh: 'f64',
    classes: 'u8',
    onewayCodes: 'u8',
    speedFrom: 'u8',
    wayIds: 'f64',
    names: 'i32',
    refs: 'i32',
    vertexStarts: 'i32',
    coordinates: 'i32',
    textBytes: 'u8',
    textEnds: 'u32',
    limitEdges: 'i32',
    limitMeasures: 'f64',
    limitAccesses: 'u8',
    limitTunnels: 'u8',
    places: 'f64',
    limited: 'u8',
    ...arcSchema('out', ['start', 'head', 'edge', 'forward']),
    tree: 'u8',
    // The search aids last, so that a read without them stops before them. The arcs' times among them: a search
    // without the aids works them out from the edges (368 MiB at 25M edges).
    'out.weight': 'f64',
    ...arcSchema('in', ARC_NAMES),
    landmarkNodes: 'u32',
    landmarkTimes: 'f32',
  },
} as const satisfies PackFormat<PackSchema>;
type GraphArrays = PackArrays<typeof FORMAT.schema>;

/** The graph as the format's bytes, in pieces to be written one after the other (most view its arrays in place). */
export function encodePreparedGraph({ built, index, landmarks, searchAids }: PreparedGraph, preparedFor: string): Uint8Array[] {
  if (!searchAids) throw new Error('a graph read without its search aids is not kept again');
  const c = built.edges.columns;
  const texts = c.texts.parts();
  const limits = c.limits.arrays;
  const { out, in: into } = built.arcs;
  const arrays: GraphArrays = {
    from: c.from,
    to: c.to,
    lengthM: c.lengthM,
    speedKmh: c.speedKmh,
    classes: c.classes,
    onewayCodes: c.onewayCodes,
    speedFrom: c.speedFrom,
    wayIds: c.wayIds,
    names: c.names,
    refs: c.refs,
    vertexStarts: c.vertexStarts,
    coordinates: c.coordinates,
    textBytes: texts.bytes,
    textEnds: texts.ends,
    limitEdges: limits.edges,
    limitMeasures: limits.measures,
    limitAccesses: limits.accesses,
    limitTunnels: limits.tunnels,
    places: built.places,
    limited: built.limited,
    'out.start': out.start,
    'out.head': out.head,
    'out.weight': out.weight,
    'out.edge': out.edge,
    'out.forward': out.forward,
    'in.start': into.start,
    'in.head': into.head,
    'in.weight': into.weight,
    'in.edge': into.edge,
    'in.forward': into.forward,
    tree: index.bytes,
    landmarkNodes: landmarks?.nodes ?? new Uint32Array(0),
    landmarkTimes: landmarks?.times ?? new Float32Array(0),
  };
  return encodePack(FORMAT, preparedFor, arrays, { networkId: built.networkId, nodeCount: built.arcs.nodeCount, maxSpeedMps: built.maxSpeedMps });
}

/**
 * The graph in `bytes` (from the start of their own ArrayBuffer; every array views them in place), if it was prepared
 * for `preparedFor`; else throws one line saying why, naming the bytes by `where`.
 */
export function decodePreparedGraph(bytes: PackBytes, preparedFor: string, where: string, searchAids = true): PreparedGraph {
  const { header, arrays: a } = decodePack(FORMAT, bytes, preparedFor, where, searchAids ? undefined : LAST_BEFORE_AIDS);
  const edges = new EdgeTable({
    from: a.from,
    to: a.to,
    lengthM: a.lengthM,
    speedKmh: a.speedKmh,
    classes: a.classes,
    onewayCodes: a.onewayCodes,
    speedFrom: a.speedFrom,
    wayIds: a.wayIds,
    names: a.names,
    refs: a.refs,
    vertexStarts: a.vertexStarts,
    coordinates: a.coordinates,
    texts: StringColumn.fromParts({ bytes: a.textBytes, ends: a.textEnds }),
    limits: new LimitColumns({ edges: a.limitEdges, measures: a.limitMeasures, accesses: a.limitAccesses, tunnels: a.limitTunnels }),
  });
  const arcs = (side: ArcSide): Arcs => ({ start: a[`${side}.start`], head: a[`${side}.head`], weight: a[`${side}.weight`], edge: a[`${side}.edge`], forward: a[`${side}.forward`] });
  const built: BuiltGraph = {
    networkId: Number(header.networkId),
    arcs: { nodeCount: Number(header.nodeCount), out: arcs('out'), in: arcs('in') },
    places: a.places,
    edges,
    limited: a.limited,
    maxSpeedMps: Number(header.maxSpeedMps),
  };
  const landmarks = a.landmarkNodes.length ? { nodes: a.landmarkNodes, times: a.landmarkTimes } : null;
  return { built, index: EdgeIndex.fromBytes(edges, a.tree), landmarks, searchAids };
}

const LAST_BEFORE_AIDS = 'tree';

/**
 * The bytes of a prepared graph to read (without its search aids unless `searchAids`); a graph of another format or
 * network is refused from its header (named by `where`), before the rest is read.
 */
export const graphPrefix = (preparedFor: string, where: string, searchAids: boolean): PackPrefix =>
  checkedPrefix(FORMAT, preparedFor, where, searchAids ? undefined : LAST_BEFORE_AIDS);
