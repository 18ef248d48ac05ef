import { errorMessage } from '@/lib/core/error-message';
import type { Turns } from '@/lib/core/steps';
import type { RoadNetwork } from '../../store/types';
import type { BuiltGraph } from '../graph';
import { preparedForNetwork } from '../prepared-for';
import { type ContractOptions, contractHierarchyInTurns, type Hierarchy } from './contract';
import type { LimitProfiles } from './limit-profiles';
import { ANOTHER_PREPARES, type PreparedShelf } from './shelf';

/**
 * Where contraction stops and leaves a core (see `ContractOptions.coreArcsPerNode`). On the 2M-edge grid the last 840
 * nodes (30 arcs each and more) took 18 s of a 130 s contraction, each weighed against up to a hundred neighbours; a
 * country's last nodes have thousands. A core that small adds a few hundred nodes to a route's search.
 */
const CORE_ARCS_PER_NODE = 30;

/** How often an instance looks for the hierarchy another instance is contracting. */
const LOOK_AGAIN_MS = 1_000;

export interface PreparedHierarchy {
  hierarchy: Hierarchy;
  /** Read from the shelf, or contracted now (and put there). */
  source: 'read' | 'contracted';
}

/**
 * The network's hierarchy of every road, with its limit profiles (one for every vehicle): read from `shelf` when one
 * was prepared for this network, else contracted in turns and put there for the next start (unless it is no longer
 * wanted by then: another network, the router closed). Only one instance on a shelf contracts at a time; the others
 * look again every LOOK_AGAIN_MS and read what it put there. `warn` hears why a kept one could not be read, or why the one
 * contracted could not be kept (it is used all the same), `progress` how far a contraction is. Null when the
 * contraction was called off.
 */
export async function prepareHierarchy(
  built: BuiltGraph,
  profiles: LimitProfiles,
  network: Pick<RoadNetwork, 'id' | 'importedAt' | 'edgeCount'>,
  shelf: PreparedShelf,
  turns: Turns,
  warn: (reason: string) => void,
  progress?: ContractOptions['progress'],
): Promise<PreparedHierarchy | null> {
  const preparedFor = preparedForNetwork(network);
  const kept = () => keptHierarchy(shelf, network, built.arcs.nodeCount, warn);
  for (;;) {
    const read = await kept();
    if (read) return { hierarchy: read, source: 'read' };
    const prepared = await shelf.ifNoOtherPrepares(async () => {
      const meanwhile = await kept();
      if (meanwhile) return { hierarchy: meanwhile, source: 'read' as const };
      const { out } = built.arcs;
      const hierarchy = await contractHierarchyInTurns(built.arcs, turns, {
        profileOf: (arc) => profiles.ofEdge[out.edge[arc]],
        progress,
        coreArcsPerNode: CORE_ARCS_PER_NODE,
      });
      if (!hierarchy || !(await turns.give())) return null;
      try {
        await shelf.write(network.id, hierarchy, preparedFor);
      } catch (err) {
        warn(`${shelf.describe()} could not be written, so the next start prepares it again: ${errorMessage(err)}`);
      }
      return { hierarchy, source: 'contracted' as const };
    });
    if (prepared !== ANOTHER_PREPARES) return prepared;
    // Another instance is contracting it: look again in a while, as long as it is still wanted here.
    await new Promise((resolve) => setTimeout(resolve, LOOK_AGAIN_MS));
    if (!(await turns.give())) return null;
  }
}

/**
 * The hierarchy kept on `shelf` for the network, or null: none kept, one that cannot be read, or one of another number
 * of nodes than `nodeCount` (when given); `warn` hears why one kept is not used.
 */
export async function keptHierarchy(
  shelf: PreparedShelf,
  network: Pick<RoadNetwork, 'id' | 'importedAt' | 'edgeCount'>,
  nodeCount: number | null,
  warn: (reason: string) => void,
): Promise<Hierarchy | null> {
  try {
    const hierarchy = await shelf.read(network.id, preparedForNetwork(network));
    if (!hierarchy || nodeCount === null || hierarchy.nodeCount === nodeCount) return hierarchy;
    warn(`${shelf.describe()} has ${hierarchy.nodeCount} nodes, the network ${nodeCount}: prepared again`);
  } catch (err) {
    warn(errorMessage(err));
  }
  return null;
}
