import fs from 'node:fs';
import path from 'node:path';
import { readPackFile, writePackFile } from '@/lib/core/typed-pack';
import { decodePreparedGraph, encodePreparedGraph, graphPrefix, type PreparedGraph } from '../prepared-graph';
import type { Hierarchy } from './contract';
import { readHierarchy, writeHierarchy } from './hierarchy-file';

/** What `ifNoOtherPrepares` answers when another instance is preparing the hierarchy. */
export const ANOTHER_PREPARES = Symbol('another instance prepares it');

/**
 * Where a network's prepared graph and hierarchy are kept for the next start: files beside the SQLite store, or
 * PostgreSQL, where every instance of the scaled-out shape finds the ones that were prepared once.
 */
export interface PreparedShelf {
  /** Where, for the log. */
  describe(): string;
  /** The hierarchy kept for the network, or null when none is; throws one line when the one kept is not for `preparedFor`. */
  read(networkId: number, preparedFor: string): Promise<Hierarchy | null>;
  write(networkId: number, hierarchy: Hierarchy, preparedFor: string): Promise<void>;
  /** How many bytes of hierarchy are kept for the network, or null when none are. */
  keptBytes(networkId: number): Promise<number | null>;
  /**
   * The graph kept for the network (without its search aids unless `searchAids`: see `PreparedGraph`), or null when
   * none is; throws one line when the one kept is not for `preparedFor`.
   */
  readGraph(networkId: number, preparedFor: string, searchAids?: boolean): Promise<PreparedGraph | null>;
  writeGraph(networkId: number, graph: PreparedGraph, preparedFor: string): Promise<void>;
  /**
   * Runs `fn` unless another instance on the same shelf is running one (then answers ANOTHER_PREPARES at once), so one
   * instance contracts while the others look again now and then and read what it puts there.
   */
  ifNoOtherPrepares<T>(fn: () => Promise<T>): Promise<T | typeof ANOTHER_PREPARES>;
}

/** Where a file shelf keeps the graph: beside the hierarchy's file (`roads-hierarchy.bin` → `roads-hierarchy.graph.bin`). */
export function graphFileBeside(hierarchyFile: string): string {
  const extension = path.extname(hierarchyFile);
  return path.join(path.dirname(hierarchyFile), `${path.basename(hierarchyFile, extension)}.graph${extension || '.bin'}`);
}

/** Files: one network's hierarchy and graph at a time, those prepared for another network replaced. */
export function fileShelf(hierarchyFile: string): PreparedShelf {
  const graphFile = graphFileBeside(hierarchyFile);
  return {
    describe: () => hierarchyFile,
    read: async (_networkId, preparedFor) => (fs.existsSync(hierarchyFile) ? readHierarchy(hierarchyFile, preparedFor) : null),
    write: (_networkId, hierarchy, preparedFor) => writeHierarchy(hierarchyFile, hierarchy, preparedFor),
    keptBytes: async () => (fs.existsSync(hierarchyFile) ? fs.statSync(hierarchyFile).size : null),
    readGraph: async (_networkId, preparedFor, searchAids = true) => {
      if (!fs.existsSync(graphFile)) return null;
      return decodePreparedGraph(await readPackFile(graphFile, undefined, graphPrefix(preparedFor, graphFile, searchAids)), preparedFor, graphFile, searchAids);
    },
    writeGraph: (_networkId, graph, preparedFor) => writePackFile(graphFile, encodePreparedGraph(graph, preparedFor)),
    ifNoOtherPrepares: (fn) => fn(),
  };
}
