import { runSteps, STEP_ITEMS, type Steps } from '@/lib/core/steps';
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

  private constructor(edgeCount: number) {
    this.ofEdge = new Int32Array(edgeCount).fill(-1);
  }

  static of(edges: readonly RoadEdge[]): LimitProfiles {
    return runSteps(LimitProfiles.steps(edges));
  }

  /** The profiles numbered in steps of a few thousand edges (each edge with limits costs a few microseconds). */
  static *steps(edges: readonly RoadEdge[]): Steps<LimitProfiles> {
    const profiles = new LimitProfiles(edges.length);
    const numbers = new Map<string, number>();
    for (let i = 0; i < edges.length; i++) {
      if (i % STEP_ITEMS === 0) yield;
      const edge = edges[i];
      if (!hasLimits(edge)) continue;
      const limits = Object.fromEntries(LIMIT_FIELDS.map((field) => [field, edge[field]])) as unknown as RoadLimits;
      const key = JSON.stringify(limits);
      let number = numbers.get(key);
      if (number === undefined) {
        number = profiles.limits.push(limits) - 1;
        numbers.set(key, number);
      }
      profiles.ofEdge[edge.id] = number;
    }
    return profiles;
  }

  /** The profiles `vehicle` may drive. */
  allowedFor(vehicle: Vehicle): AllowedProfiles {
    return Uint8Array.from(this.limits, (limits) => (mayUse(limits, vehicle) ? 1 : 0));
  }
}
