import type { Steps } from '@/lib/core/steps';
import type { Vehicle } from '../../vehicle';
import type { BuiltGraph } from '../graph';
import type { Snap } from '../snap';
import type { SearchResult } from '../search';
import { mayDrive, type Traversal } from '../traversal';
import type { Hierarchy } from './contract';
import type { LimitProfiles } from './limit-profiles';
import { HierarchyQuery } from './query';
import { routeBetweenSnaps } from './snapped-route';

/**
 * The router's two searches from one hierarchy of the whole network: the fastest route on every road, and a vehicle's
 * fastest legal route (through the limit profiles it may drive). Each answers the parts of roads it drives, as the
 * graph search does, so the router checks and assembles either alike.
 */
export class HierarchyRoutes {
  /** Made in steps: the query's landmarks on the core take a search each (a serving process makes them in turns). */
  static *inSteps(built: BuiltGraph, profiles: LimitProfiles, hierarchy: Hierarchy): Steps<HierarchyRoutes> {
    return new HierarchyRoutes(built, profiles, hierarchy, yield* HierarchyQuery.inSteps(hierarchy));
  }

  private constructor(
    private readonly built: BuiltGraph,
    private readonly profiles: LimitProfiles,
    readonly hierarchy: Hierarchy,
    private readonly query: HierarchyQuery,
  ) {}

  /** The fastest route, for `vehicle` within its limits, or on every road without one. */
  route(from: Snap, to: Snap, vehicle: Vehicle | null): SearchResult | null {
    const legal = vehicle && { allowed: this.profiles.allowedFor(vehicle), mayDrive: (t: Traversal) => mayDrive(t, vehicle) };
    const found = routeBetweenSnaps(this.query, from, to, legal);
    if (!found) return null;
    const { out } = this.built.arcs;
    const traversals: Traversal[] = [found.start];
    for (const arc of found.arcs) {
      const forward = out.forward[arc] === 1;
      traversals.push({ edge: this.built.edges.get(out.edge[arc]), from: forward ? 0 : 1, to: forward ? 1 : 0 });
    }
    if (found.end) traversals.push(found.end);
    return { traversals };
  }
}
