import { ensureLength } from '@/lib/core/typed-columns';
import { NO_LIMITS, type RoadLimits } from './edge';
import { ACCESS_VALUES, type AccessValue, type TunnelCategory } from './osm-units';

const TUNNEL_CATEGORIES = ['A', 'B', 'C', 'D', 'E'] as const satisfies readonly TunnelCategory[];
const MEASURES = ['maxheightM', 'maxwidthM', 'maxlengthM', 'maxweightT'] as const;
const ACCESSES = ['access', 'motorcar', 'hgv', 'hazmat'] as const;

/** The typed arrays of `LimitColumns`: one entry per limited edge, in the order of their ids. */
export interface LimitArrays {
  /** The limited edges' ids, ascending. */
  edges: Int32Array;
  /** maxheightM, maxwidthM, maxlengthM, maxweightT, four per edge; NaN where there is no limit. */
  measures: Float64Array;
  /** access, motorcar, hgv, hazmat, four per edge: 0 for none, else the position in ACCESS_VALUES plus one. */
  accesses: Uint8Array;
  /** 1 for a tunnel, then the ADR category (A to E as 1 to 5, 0 for none) times 2. */
  tunnels: Uint8Array;
}

/**
 * The limits of the few edges that have any, in typed arrays (a country's network has hundreds of thousands): found
 * by a binary search over the limited edges' ids, the object made at each call.
 */
export class LimitColumns {
  readonly count: number;

  constructor(readonly arrays: LimitArrays) {
    this.count = arrays.edges.length;
  }

  has(edge: number): boolean {
    return this.slot(edge) >= 0;
  }

  get(edge: number): RoadLimits {
    const i = this.slot(edge);
    if (i < 0) return NO_LIMITS;
    const { measures, accesses, tunnels } = this.arrays;
    const measure = (k: number) => (Number.isNaN(measures[4 * i + k]) ? null : measures[4 * i + k]);
    const access = (k: number) => (accesses[4 * i + k] === 0 ? null : ACCESS_VALUES[accesses[4 * i + k] - 1]);
    const category = tunnels[i] >> 1;
    return {
      maxheightM: measure(0),
      maxwidthM: measure(1),
      maxlengthM: measure(2),
      maxweightT: measure(3),
      access: access(0),
      motorcar: access(1),
      hgv: access(2),
      hazmat: access(3),
      tunnel: (tunnels[i] & 1) === 1,
      tunnelCategory: category === 0 ? null : TUNNEL_CATEGORIES[category - 1],
    };
  }

  get bytes(): number {
    const { edges, measures, accesses, tunnels } = this.arrays;
    return edges.byteLength + measures.byteLength + accesses.byteLength + tunnels.byteLength;
  }

  /** The position of the edge among the limited ones, or -1. */
  private slot(edge: number): number {
    const { edges } = this.arrays;
    let [low, high] = [0, this.count - 1];
    while (low <= high) {
      const middle = (low + high) >>> 1;
      if (edges[middle] === edge) return middle;
      if (edges[middle] < edge) low = middle + 1;
      else high = middle - 1;
    }
    return -1;
  }
}

/** Makes `LimitColumns` one limited edge at a time, in ascending order of their ids. */
export class LimitColumnsBuilder {
  private count = 0;
  private arrays: LimitArrays = { edges: new Int32Array(64), measures: new Float64Array(256), accesses: new Uint8Array(256), tunnels: new Uint8Array(64) };

  push(edge: number, limits: RoadLimits): void {
    const i = this.count;
    if (i > 0 && this.arrays.edges[i - 1] >= edge) throw new Error(`limits of edge ${edge} after those of edge ${this.arrays.edges[i - 1]}: they come in the order of the edges`);
    const a = this.arrays;
    [a.edges, a.tunnels] = [ensureLength(a.edges, i + 1), ensureLength(a.tunnels, i + 1)];
    [a.measures, a.accesses] = [ensureLength(a.measures, 4 * i + 4), ensureLength(a.accesses, 4 * i + 4)];
    a.edges[i] = edge;
    MEASURES.forEach((field, k) => (a.measures[4 * i + k] = limits[field] ?? NaN));
    ACCESSES.forEach((field, k) => (a.accesses[4 * i + k] = accessCode(limits[field])));
    a.tunnels[i] = (limits.tunnel ? 1 : 0) | ((limits.tunnelCategory ? TUNNEL_CATEGORIES.indexOf(limits.tunnelCategory) + 1 : 0) << 1);
    this.count++;
  }

  finish(): LimitColumns {
    const n = this.count;
    const { edges, measures, accesses, tunnels } = this.arrays;
    return new LimitColumns({ edges: edges.slice(0, n), measures: measures.slice(0, 4 * n), accesses: accesses.slice(0, 4 * n), tunnels: tunnels.slice(0, n) });
  }
}

const accessCode = (value: AccessValue | null) => (value === null ? 0 : ACCESS_VALUES.indexOf(value) + 1);
