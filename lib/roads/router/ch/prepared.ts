import fs from 'node:fs';
import type { RoadNetwork } from '../../store/types';
import type { BuiltGraph } from '../graph';
import { contractHierarchyInTurns, type Hierarchy, type Turns } from './contract';
import { readHierarchy, writeHierarchy } from './hierarchy-file';
import type { LimitProfiles } from './limit-profiles';

export interface PreparedHierarchy {
  hierarchy: Hierarchy;
  /** Read from the file, or contracted now (and written to it). */
  source: 'file' | 'contracted';
}

/** What a hierarchy file says it was prepared for: the network, by its id, import time and size. */
export const preparedForNetwork = (network: Pick<RoadNetwork, 'id' | 'importedAt' | 'edgeCount'>) =>
  `road network ${network.id} imported ${network.importedAt} (${network.edgeCount} edges)`;

/**
 * The network's hierarchy of every road, with its limit profiles (one for every vehicle): read from `file` when it was
 * prepared for this network, else contracted in turns and written there for the next start (unless it is no longer
 * wanted by then: another network, the router closed). `warn` hears why a file there could not be read, or why the
 * one contracted could not be kept (it is used all the same). Null when the contraction was called off.
 */
export async function prepareHierarchy(
  built: BuiltGraph,
  profiles: LimitProfiles,
  network: Pick<RoadNetwork, 'id' | 'importedAt' | 'edgeCount'>,
  file: string,
  turns: Turns,
  warn: (reason: string) => void,
): Promise<PreparedHierarchy | null> {
  const preparedFor = preparedForNetwork(network);
  if (fs.existsSync(file)) {
    try {
      const hierarchy = await readHierarchy(file, preparedFor);
      if (hierarchy.nodeCount === built.arcs.nodeCount) return { hierarchy, source: 'file' };
      warn(`${file} has ${hierarchy.nodeCount} nodes, the network ${built.arcs.nodeCount}: prepared again`);
    } catch (err) {
      warn(messageOf(err));
    }
  }
  const { out } = built.arcs;
  const hierarchy = await contractHierarchyInTurns(built.arcs, turns, { profileOf: (arc) => profiles.ofEdge[out.edge[arc]] });
  if (!hierarchy || !(await turns.give())) return null;
  try {
    await writeHierarchy(file, hierarchy, preparedFor);
  } catch (err) {
    warn(`${file} could not be written, so the next start prepares it again: ${messageOf(err)}`);
  }
  return { hierarchy, source: 'contracted' };
}

const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err));
