import FlatQueue from 'flatqueue';
import { fillInSteps, runSteps, runStepsInTurns, STEP_ITEMS, type Steps, type Turns } from '@/lib/core/steps';
import type { ArcSets } from '../arcs';
import { ArcList, NO_PROFILES, type Profiles } from './arc-list';
import { compactSteps, type ContractedArcs } from './compact';
import type { Hierarchy } from './hierarchy';
import { NodeLists } from './node-lists';

export type { Hierarchy, HierarchyArcs } from './hierarchy';

export interface ContractOptions {
  /** Whether the vehicle may drive a network out-arc (its index in `ArcSets.out`); a hierarchy per vehicle class. */
  usable?: (outArc: number) => boolean;
  /**
   * A witness search gives up after settling this many nodes, and adds the shortcut (never wrong, at worst one too
   * many). 200: on a 100 × 100 grid town, 60 gave 1 % more shortcuts and 20 gave 44 % more, and no faster build.
   */
  witnessSettled?: number;
  /**
   * The limit profile of a network out-arc (its limits and access rules, numbered; -1 for none). One hierarchy then
   * serves every vehicle: a shortcut is left out only for a witness path no longer and through no profile the
   * shortcut's own path does not go through, so whichever vehicle may drive the shortcut's path may drive the witness.
   */
  profileOf?: (outArc: number) => number;
  /**
   * Contraction stops once the nodes still in the graph have this many arcs each on average (in and out): they are the
   * hierarchy's core, ranked above every other node, with their arcs to each other searched both ways. The last nodes of
   * a country's network grow dense (each weighed against hundreds of neighbours) and took most of its contraction.
   * Infinity: every node contracted.
   */
  coreArcsPerNode?: number;
  /**
   * Told each time another twentieth of the nodes is taken out (a country's contraction takes an hour or more), with
   * the arcs each node still in the graph has on average (see `coreArcsPerNode`).
   */
  progress?: (taken: number, of: number, arcsPerNode: number) => void;
}

/** Whether every profile of `a` is one of `b` (both sorted). */
function within(a: Profiles, b: Profiles): boolean {
  if (a.length === 0) return true;
  let j = 0;
  for (const p of a) {
    while (j < b.length && b[j] < p) j++;
    if (j === b.length || b[j] !== p) return false;
  }
  return true;
}

function union(a: Profiles, b: Profiles): Profiles {
  if (within(b, a)) return a;
  if (within(a, b)) return b;
  return [...new Set([...a, ...b])].sort((x, y) => x - y);
}

/** The graph while it is contracted: each node's arcs to and from the nodes still in it, as ids into `list`. */
class Contraction {
  readonly list: ArcList;
  readonly deletedNeighbours: Uint32Array;
  private readonly outs: NodeLists;
  private readonly ins: NodeLists;
  private readonly dist: Float64Array;
  /** The witness search's targets: `target[w] === search` while w is one in the current search. */
  private readonly target: Uint32Array;
  private search = 0;
  private readonly touched: number[] = [];
  private readonly queue = new FlatQueue<number>();
  /**
   * The shortcuts the last node weighed (`weighed`) needs: taking it out right after adds them without searching again
   * (a fifth of the contraction's time at a million edges, the same hierarchy within 0.2 % of its shortcuts).
   */
  private readonly shortcutsOfV: { tail: number; head: number; weight: number; first: number; second: number; profiles: Profiles }[] = [];
  private weighed = -1;
  /** Arcs between nodes still in the graph (each counted once). */
  liveArcs = 0;

  /**
   * Made in steps (at 25 million edges, made at once, it held the thread 0.75 s under load). Room in each node's lists
   * to begin with: its arcs in the network, and a few shortcuts.
   */
  static *inSteps(witnessSettled: number, { nodeCount, out, in: into }: ArcSets): Steps<Contraction> {
    const outs = yield* NodeLists.inSteps(nodeCount, (v) => out.start[v + 1] - out.start[v] + 2);
    const ins = yield* NodeLists.inSteps(nodeCount, (v) => into.start[v + 1] - into.start[v] + 2);
    const dist = new Float64Array(nodeCount);
    yield* fillInSteps(dist, Infinity);
    return new Contraction(witnessSettled, new ArcList(2 * out.head.length + 1024), outs, ins, dist);
  }

  private constructor(
    private readonly witnessSettled: number,
    list: ArcList,
    outs: NodeLists,
    ins: NodeLists,
    dist: Float64Array,
  ) {
    [this.list, this.outs, this.ins, this.dist] = [list, outs, ins, dist];
    this.deletedNeighbours = new Uint32Array(dist.length);
    this.target = new Uint32Array(dist.length);
  }

  /**
   * Adds tail→head unless an arc joining them already is as cheap through no other profiles; takes out those the new
   * one is as cheap as through no other profiles.
   */
  addArc(tail: number, head: number, weight: number, original: number, first: number, second: number, profiles: Profiles) {
    const { list, outs, ins } = this;
    for (let i = 0; i < outs.count(tail); i++) {
      const existing = outs.at(tail, i);
      if (list.head[existing] !== head) continue;
      if (list.weight[existing] <= weight && within(list.profilesOf(existing), profiles)) return;
      if (weight <= list.weight[existing] && within(profiles, list.profilesOf(existing))) {
        list.kill(existing);
        this.liveArcs--;
        outs.removeAt(tail, i--);
        ins.remove(head, existing);
      }
    }
    const a = list.add(tail, head, weight, original, first, second, profiles);
    this.liveArcs++;
    outs.push(tail, a);
    ins.push(head, a);
  }

  /**
   * Distances from `source` in the graph of uncontracted nodes without `via`, through `allowed` profiles only, up to
   * `limit` seconds; it stops once the heads of `arcs` (but `source`) are all settled.
   */
  private witness(source: number, via: number, limit: number, allowed: Profiles, arcs: readonly number[]) {
    const { list, dist, touched, queue, outs, target } = this;
    for (const t of touched) dist[t] = Infinity;
    touched.length = 0;
    queue.clear();
    const search = ++this.search;
    let targets = 0;
    for (const a of arcs) {
      const w = list.head[a];
      if (w !== source && target[w] !== search) {
        target[w] = search;
        targets++;
      }
    }
    dist[source] = 0;
    touched.push(source);
    queue.push(source, 0);
    let settled = 0;
    while (queue.length && settled < this.witnessSettled) {
      const d = queue.peekValue()!;
      const u = queue.pop()!;
      if (d > dist[u]) continue;
      if (d > limit) break;
      settled++;
      if (target[u] === search && --targets === 0) break;
      const { pool } = outs;
      for (let i = outs.first(u), end = i + outs.count(u); i < end; i++) {
        const a = pool[i];
        const w = list.head[a];
        if (w === via || (list.profileSet[a] !== 0 && !within(list.profilesOf(a), allowed))) continue;
        const nd = d + list.weight[a];
        if (nd < dist[w]) {
          if (dist[w] === Infinity) touched.push(w);
          dist[w] = nd;
          queue.push(w, nd);
        }
      }
    }
  }

  /**
   * The shortcuts contracting v needs (kept for `remove`), and how many arcs it removes; yields after each arc into
   * v (its witness searches): the last nodes contracted have hundreds of arcs. v's lists hold arcs to nodes still in the
   * graph only (`remove` takes the others out).
   */
  *contractNode(v: number): Steps<{ added: number; removed: number }> {
    const { list, dist } = this;
    let added = 0;
    this.shortcutsOfV.length = 0;
    this.weighed = v;
    // As arrays, for the witness searches and the grouping by profiles; v's own lists do not change meanwhile.
    const incoming = this.ins.toArray(v);
    const outgoing = this.outs.toArray(v);
    const anyProfiles = incoming.some((a) => list.profileSet[a] !== 0) || outgoing.some((a) => list.profileSet[a] !== 0);
    for (const a1 of incoming) {
      const u = list.tail[a1];
      // One witness search per set of profiles the paths through v drive (one, with none, on most roads).
      for (const { profiles, arcs } of anyProfiles ? groupsByProfiles(list, a1, outgoing) : [{ profiles: NO_PROFILES, arcs: outgoing }]) {
        let limit = 0;
        for (const a2 of arcs) if (list.head[a2] !== u) limit = Math.max(limit, list.weight[a1] + list.weight[a2]);
        this.witness(u, v, limit, profiles, arcs);
        for (const a2 of arcs) {
          const w = list.head[a2];
          if (w === u) continue;
          const through = list.weight[a1] + list.weight[a2];
          if (dist[w] <= through) continue;
          added++;
          this.shortcutsOfV.push({ tail: u, head: w, weight: through, first: a1, second: a2, profiles });
        }
      }
      yield;
    }
    return { added, removed: incoming.length + outgoing.length };
  }

  /**
   * Twice the edge difference plus contracted neighbours: the lower, the sooner. On a 100 × 100 grid town the edge
   * difference counted twice gave 38,050 shortcuts for 38,350 arcs, once 45,546.
   */
  *priority(v: number): Steps<number> {
    const { added, removed } = yield* this.contractNode(v);
    return 2 * (added - removed) + this.deletedNeighbours[v];
  }

  /**
   * Takes v out of the graph, after its shortcuts are in: its arcs leave its neighbours' lists (which would otherwise
   * fill with arcs to contracted nodes, each one skipped by every later search), and its neighbours count one more
   * contracted neighbour. Its arcs stay in the hierarchy's list.
   */
  *remove(v: number): Steps<void> {
    const { list, deletedNeighbours, outs, ins } = this;
    if (this.weighed !== v) yield* this.contractNode(v);
    // The last nodes have thousands of shortcuts, each added after a look through its tail's arcs: a turn per hundred.
    for (let i = 0; i < this.shortcutsOfV.length; i++) {
      const { tail, head, weight, first, second, profiles } = this.shortcutsOfV[i];
      this.addArc(tail, head, weight, -1, first, second, profiles);
      if (i % 128 === 127) yield;
    }
    this.weighed = -1;
    this.liveArcs -= ins.count(v) + outs.count(v);
    for (let i = 0; i < ins.count(v); i++) {
      const a = ins.at(v, i);
      outs.remove(list.tail[a], a);
      deletedNeighbours[list.tail[a]]++;
    }
    for (let i = 0; i < outs.count(v); i++) {
      const a = outs.at(v, i);
      ins.remove(list.head[a], a);
      deletedNeighbours[list.head[a]]++;
    }
    outs.clear(v);
    ins.clear(v);
  }
}

/** v's arcs out (but the one back to a1's tail), grouped by the profiles a path a1 → v → there drives through. */
function groupsByProfiles(list: ArcList, a1: number, outgoing: readonly number[]): { profiles: Profiles; arcs: number[] }[] {
  const byProfiles = new Map<string, { profiles: Profiles; arcs: number[] }>();
  for (const a2 of outgoing) {
    if (list.head[a2] === list.tail[a1]) continue;
    const profiles = union(list.profilesOf(a1), list.profilesOf(a2));
    const key = profiles.join(',');
    const group = byProfiles.get(key) ?? { profiles, arcs: [] };
    group.arcs.push(a2);
    byProfiles.set(key, group);
  }
  return [...byProfiles.values()];
}

/**
 * Contracts the network's nodes one by one, least important first (edge difference and contracted neighbours, with
 * lazy updates), adding a shortcut u→w for each u→v→w that no other path of the remaining graph matches (a witness
 * search, bounded). Its lists of arcs per node and its arcs are typed arrays, and so is the result.
 */
export function contractHierarchy(arcSets: ArcSets, options: ContractOptions = {}): Hierarchy {
  return runSteps(contractionSteps(arcSets, options));
}

/** The same contraction, giving the event loop a turn whenever `turns` says one is due; null when it was called off. */
export function contractHierarchyInTurns(arcSets: ArcSets, turns: Turns, options: ContractOptions = {}): Promise<Hierarchy | null> {
  return runStepsInTurns(contractionSteps(arcSets, options), turns);
}

/** The contraction, yielding after each arc into a node it weighs or takes out (see `contractNode`). */
function* contractionSteps(arcSets: ArcSets, options: ContractOptions): Steps<Hierarchy> {
  const n = arcSets.nodeCount;
  const { out } = arcSets;
  const usable = options.usable ?? (() => true);
  const profileOf = options.profileOf ?? (() => -1);
  const graph = yield* Contraction.inSteps(options.witnessSettled ?? 200, arcSets);
  for (let v = 0; v < n; v++) {
    for (let a = out.start[v]; a < out.start[v + 1]; a++) {
      const profile = profileOf(a);
      if (out.head[a] !== v && usable(a)) graph.addArc(v, out.head[a], out.weight[a], a, -1, -1, profile < 0 ? NO_PROFILES : [profile]);
    }
    if (v % STEP_ITEMS === 0) yield;
  }
  // Every node, in typed arrays made once: a queue of arrays that grow held the thread 0.57 s at one push of 4.4 million.
  const order = new FlatQueue<number>(n, Float64Array, Uint32Array);
  for (let v = 0; v < n; v++) order.push(v, yield* graph.priority(v));
  const rank = new Uint32Array(n);
  let next = 0;
  const coreArcsPerNode = options.coreArcsPerNode ?? Infinity;
  while (order.length) {
    if (graph.liveArcs >= coreArcsPerNode * order.length) break;
    const v = order.pop()!;
    const p = yield* graph.priority(v);
    if (order.length && p > order.peekValue()!) {
      order.push(v, p);
      continue;
    }
    yield* graph.remove(v);
    rank[v] = next++;
    if (next % Math.ceil(n / 20) === 0) options.progress?.(next, n, graph.liveArcs / Math.max(1, n - next));
  }

  const coreFrom = next;
  while (order.length) rank[order.pop()!] = next++;
  const { list } = graph;
  let shortcuts = 0;
  for (let a = 0; a < list.length; a++) {
    if (list.original[a] === -1 && list.alive[a]) shortcuts++;
    if (a % STEP_ITEMS === 0) yield;
  }
  const inCore = (a: number) => rank[list.tail[a]] >= coreFrom && rank[list.head[a]] >= coreFrom;
  const up = yield* directed(n, list, (a) => rank[list.tail[a]] < rank[list.head[a]] || inCore(a), 'tail', 'head');
  const down = yield* directed(n, list, (a) => rank[list.tail[a]] > rank[list.head[a]] || inCore(a), 'head', 'tail');
  return yield* compactSteps({ nodeCount: n, rank, up, down, arcs: list, shortcuts, coreFrom });
}

/** The living arcs that pass `keep`, stored at their `at` end and leading to their `to` end. */
function* directed(n: number, list: ArcList, keep: (a: number) => boolean, at: 'tail' | 'head', to: 'tail' | 'head'): Steps<ContractedArcs> {
  const [ends, heads] = [list[at], list[to]];
  let count = 0;
  for (let a = 0; a < list.length; a++) {
    if (list.alive[a] && keep(a)) count++;
    if (a % STEP_ITEMS === 0) yield;
  }
  // In typed arrays, every loop in steps: this packing held the thread 80 to 320 ms at a million edges.
  const chosen = new Uint32Array(count);
  for (let a = 0, c = 0; a < list.length; a++) {
    if (list.alive[a] && keep(a)) chosen[c++] = a;
    if (a % STEP_ITEMS === 0) yield;
  }
  const start = new Uint32Array(n + 1);
  for (let c = 0; c < count; c++) {
    start[ends[chosen[c]] + 1]++;
    if (c % STEP_ITEMS === 0) yield;
  }
  for (let v = 0; v < n; v++) {
    start[v + 1] += start[v];
    if (v % STEP_ITEMS === 0) yield;
  }
  const fill = start.slice(0, n);
  const head = new Uint32Array(count);
  const weight = new Float64Array(count);
  const arc = new Uint32Array(count);
  for (let c = 0; c < count; c++) {
    const a = chosen[c];
    const i = fill[ends[a]]++;
    head[i] = heads[a];
    weight[i] = list.weight[a];
    arc[i] = a;
    if (c % STEP_ITEMS === 0) yield;
  }
  return { start, head, weight, arc };
}
