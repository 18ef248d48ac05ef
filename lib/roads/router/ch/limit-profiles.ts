import { runSteps, STEP_ITEMS, type Steps } from '@/lib/core/steps';
import type { RoadLimits } from '../../edge';
import type { EdgeTable } from '../../edge-table';
import { mayUse } from '../../restrictions';
import type { Vehicle } from '../../vehicle';
import type { AllowedProfiles } from './query';

/**
 * The network's limit profiles: each distinct set of limits and access rules its edges carry, numbered in the order
 * of the edges (so the same network gives the same numbers, as a hierarchy file kept for it needs); -1 for an edge
 * without any. A vehicle may drive a profile or not, whichever edge carries it.
 */
export class LimitProfiles {
  readonly ofEdge: Int32Array;
  readonly limits: RoadLimits[] = [];

  private constructor(edgeCount: number) {
    // Filled by the steps below, not here: at 25 million edges a fill at once holds the event loop 60 ms on a quiet
    // machine and 300 ms when the kernel must first reclaim the 95 MiB it touches.
    this.ofEdge = new Int32Array(edgeCount);
  }

  static of(edges: EdgeTable): LimitProfiles {
    return runSteps(LimitProfiles.steps(edges));
  }

  /** The profiles numbered in steps of a few thousand edges (each edge with limits costs a few microseconds). */
  static *steps(edges: EdgeTable): Steps<LimitProfiles> {
    const profiles = new LimitProfiles(edges.length);
    const numbers = new Map<string, number>();
    for (let i = 0; i < edges.length; i++) {
      if (i % STEP_ITEMS === 0) yield;
      if (!edges.hasLimits(i)) {
        profiles.ofEdge[i] = -1;
        continue;
      }
      const limits = edges.limitsOf(i);
      const key = JSON.stringify(limits);
      let number = numbers.get(key);
      if (number === undefined) {
        number = profiles.limits.push(limits) - 1;
        numbers.set(key, number);
      }
      profiles.ofEdge[i] = number;
    }
    return profiles;
  }

  /** The profiles `vehicle` may drive. */
  allowedFor(vehicle: Vehicle): AllowedProfiles {
    return Uint8Array.from(this.limits, (limits) => (mayUse(limits, vehicle) ? 1 : 0));
  }
}
