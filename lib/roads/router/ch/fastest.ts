import type { BuiltGraph } from '../graph';
import type { Snap } from '../snap';
import type { Traversal } from '../traversal';
import type { Hierarchy } from './contract';
import { HierarchyQuery } from './query';
import { routeBetweenSnaps } from './snapped-route';

/**
 * The fastest route on every road (the router's `unrestricted` search) from a hierarchy of the whole network: the
 * parts of roads it drives, as the graph search answers them, so the router checks and assembles either alike.
 */
export class HierarchyFastest {
  private readonly query: HierarchyQuery;

  constructor(
    private readonly built: BuiltGraph,
    readonly hierarchy: Hierarchy,
  ) {
    this.query = new HierarchyQuery(hierarchy);
  }

  route(from: Snap, to: Snap): Traversal[] | null {
    const found = routeBetweenSnaps(this.query, from, to);
    if (!found) return null;
    const { out } = this.built.arcs;
    const traversals = [found.start];
    for (const arc of found.arcs) {
      const forward = out.forward[arc] === 1;
      traversals.push({ edge: this.built.edges[out.edge[arc]], from: forward ? 0 : 1, to: forward ? 1 : 0 });
    }
    if (found.end) traversals.push(found.end);
    return traversals;
  }
}
