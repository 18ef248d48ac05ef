import { hasLimits, NO_LIMITS, type RoadEdge, type RoadLimits } from '../../edge';
import { mayUse } from '../../restrictions';
import type { Vehicle } from '../../vehicle';
import type { AllowedProfiles } from './query';

const LIMIT_FIELDS = Object.keys(NO_LIMITS) as (keyof RoadLimits)[];

/**
 * The network's limit profiles: each distinct set of limits and access rules its edges carry, numbered in the order
 * of the edges (so the same network gives the same numbers, as a hierarchy file kept for it needs); -1 for an edge
 * without any. A vehicle may drive a profile or not, whichever edge carries it.
 */
export class LimitProfiles {
  readonly ofEdge: Int32Array;
  readonly limits: RoadLimits[] = [];

  constructor(edges: readonly RoadEdge[]) {
    this.ofEdge = new Int32Array(edges.length).fill(-1);
    const numbers = new Map<string, number>();
    for (const edge of edges) {
      if (!hasLimits(edge)) continue;
      const limits = Object.fromEntries(LIMIT_FIELDS.map((field) => [field, edge[field]])) as unknown as RoadLimits;
      const key = JSON.stringify(limits);
      let number = numbers.get(key);
      if (number === undefined) {
        number = this.limits.push(limits) - 1;
        numbers.set(key, number);
      }
      this.ofEdge[edge.id] = number;
    }
  }

  /** The profiles `vehicle` may drive. */
  allowedFor(vehicle: Vehicle): AllowedProfiles {
    return Uint8Array.from(this.limits, (limits) => (mayUse(limits, vehicle) ? 1 : 0));
  }
}
