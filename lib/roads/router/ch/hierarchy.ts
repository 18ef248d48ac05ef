/** Arcs in compressed-sparse-row form: node v's are positions start[v] to start[v + 1] - 1. */
export interface HierarchyArcs {
  start: Uint32Array;
  head: Uint32Array;
  weight: Float64Array;
}

/**
 * A contraction hierarchy: every node ranked, and the arcs (the network's, and the shortcuts that stand for two) that
 * lead up the ranks. A route's forward search climbs `up` from its start, its backward search climbs `down` from its
 * end (the arcs into a node from higher ones), and the two meet at the route's highest node. The highest ranks may be a
core left uncontracted (`ContractOptions.coreArcsPerNode`): its arcs to each other are in `up` and in `down` both, so
the two searches cross it as a plain Dijkstra each way. Arcs are numbered by
 * where they are searched (`compactSteps`): `up`'s i-th is arc i, `down`'s i-th arc `up.head.length + i`, then the
 * arcs only shortcuts stand for.
 */
export interface Hierarchy {
  nodeCount: number;
  rank: Uint32Array;
  up: HierarchyArcs;
  down: HierarchyArcs;
  /** Per arc: for a shortcut, the first of the two arcs it stands for (in driving order); for a network arc, -1 - its index in `ArcSets.out`. */
  first: Int32Array;
  /** Per arc: for a shortcut, the second of the two; -1 for a network arc. */
  second: Int32Array;
  /**
   * The limit profiles each searched arc drives through (see `ContractOptions.profileOf`), in compressed-sparse-row
   * form: arc a's are `profiles[profileStart[a]]` to `profiles[profileStart[a + 1] - 1]`; none for most arcs.
   */
  profileStart: Uint32Array;
  profiles: Uint32Array;
  shortcuts: number;
  /** The rank the core begins at (`nodeCount` when every node was contracted). */
  coreFrom: number;
}
