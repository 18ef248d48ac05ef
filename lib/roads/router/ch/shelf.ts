import fs from 'node:fs';
import type { Hierarchy } from './contract';
import { readHierarchy, writeHierarchy } from './hierarchy-file';

/** What `ifNoOtherPrepares` answers when another instance is preparing the hierarchy. */
export const ANOTHER_PREPARES = Symbol('another instance prepares it');

/**
 * Where a network's prepared hierarchy is kept for the next start: a file beside the SQLite store, or PostgreSQL,
 * where every instance of the scaled-out shape finds the one that was prepared once.
 */
export interface HierarchyShelf {
  /** Where, for the log. */
  describe(): string;
  /** The hierarchy kept for the network, or null when none is; throws one line when the one kept is not for `preparedFor`. */
  read(networkId: number, preparedFor: string): Promise<Hierarchy | null>;
  write(networkId: number, hierarchy: Hierarchy, preparedFor: string): Promise<void>;
  /** How many bytes are kept for the network, or null when none are. */
  keptBytes(networkId: number): Promise<number | null>;
  /**
   * Runs `fn` unless another instance on the same shelf is running one (then answers ANOTHER_PREPARES at once), so one
   * instance contracts while the others look again now and then and read what it puts there.
   */
  ifNoOtherPrepares<T>(fn: () => Promise<T>): Promise<T | typeof ANOTHER_PREPARES>;
}

/** A file: one network's hierarchy at a time, the one prepared for another network replaced. */
export function fileShelf(file: string): HierarchyShelf {
  return {
    describe: () => file,
    read: async (_networkId, preparedFor) => (fs.existsSync(file) ? readHierarchy(file, preparedFor) : null),
    write: (_networkId, hierarchy, preparedFor) => writeHierarchy(file, hierarchy, preparedFor),
    keptBytes: async () => (fs.existsSync(file) ? fs.statSync(file).size : null),
    ifNoOtherPrepares: (fn) => fn(),
  };
}
