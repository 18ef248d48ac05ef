import { performance } from 'node:perf_hooks';
import { errorMessage } from '@/lib/core/error-message';
import { logger } from '@/lib/core/logger';
import { runStepsInTurns, type Turns, turnsOf } from '@/lib/core/steps';
import type { LonLat } from '../edge';
import { mayUse } from '../restrictions';
import type { RoadNetwork, RoadStore } from '../store/types';
import { PRESET_VEHICLES, type Vehicle } from '../vehicle';
import type { Hierarchy } from './ch/contract';
import { HierarchyRoutes } from './ch/hierarchy-routes';
import { LimitProfiles } from './ch/limit-profiles';
import { keptHierarchy, prepareHierarchy } from './ch/prepared';
import { ANOTHER_PREPARES, fileShelf, type PreparedShelf } from './ch/shelf';
import { assembleRoute, detourOver, restrictionsAlong } from './assemble';
import { graphSteps } from './graph';
import { LANDMARK_COUNT, landmarkSteps } from './landmarks';
import type { PreparedGraph } from './prepared-graph';
import { preparedGraphFor } from './prepared-for';
import { search, type SearchMode, type SearchOptions } from './search';
import { EdgeIndex } from './snap';
import type { RoadRoute, RoadRouter, RouteAnswer } from './types';

export interface GraphRouterOptions {
  /** How far a stop may be from the nearest road and still be routed from it (metres). */
  snapWithinM?: number;
  /** ngraph.path's NBA* by default; its A*, or a plain Dijkstra, for the benchmark. */
  algorithm?: SearchOptions['algorithm'];
  /** The heuristic: landmarks chosen when the graph is built (ALT, the default) or the great-circle time (the benchmark's earlier engine). */
  heuristic?: 'landmarks' | 'great-circle';
  /** How many landmarks (LANDMARK_COUNT by default). */
  landmarkCount?: number;
  /**
   * Where the network's contraction hierarchy is kept: read at start, else contracted in the background and written
   * there; it then answers the fastest route and the vehicle's legal one. Without it (and until it is ready) the
   * landmarks answer; they always find the route that breaks the fewest limits, when no legal one exists.
   */
  hierarchyFile?: string;
  /** Where else it is kept (PostgreSQL, for every instance of the scaled-out shape); instead of `hierarchyFile`. */
  hierarchyShelf?: PreparedShelf;
  /**
   * False: the shelf keeps only the prepared graph (read at start instead of the store's rows, else built and put
   * there), and the landmarks answer every route (the benchmark's warm-up alone).
   */
  contract?: boolean;
}

/** A stop more than 5 km from any road is not on this network: it is said, not routed from a road far away. */
export const SNAP_WITHIN_M = 5_000;

/** The longest the router's work in the background (its graph, index, landmarks, hierarchy) holds the thread at once. */
const SLICE_MS = 50;

/** How many routes across the network, for a car and a class A rig, an instance drives itself once its hierarchy answers. */
const WARM_ROUTES = 10;

interface Loaded extends PreparedGraph {
  source: 'read' | 'built';
  /** Set once the hierarchy is read or contracted (the landmarks answer until then). */
  hierarchy: HierarchyRoutes | null;
  hierarchyReady: Promise<boolean>;
}

/**
 * Routes in this process over the store's current network: its arcs in typed arrays and its landmarks, built once,
 * and again when the store's current network changes (each route asks the store which network answers, a one-row
 * read); ngraph.path searches them.
 */
export class GraphRouter implements RoadRouter {
  private loaded: Promise<Loaded | null> | null = null;
  private loadedId: number | null = null;
  private readonly snapWithinM: number;
  private readonly algorithm: SearchOptions['algorithm'];
  private readonly landmarkCount: number;
  private readonly shelf: PreparedShelf | null;
  private readonly contract: boolean;
  private closed = false;

  constructor(
    private readonly store: RoadStore,
    options: GraphRouterOptions = {},
  ) {
    this.snapWithinM = options.snapWithinM ?? SNAP_WITHIN_M;
    this.algorithm = options.algorithm ?? 'nba';
    this.landmarkCount = options.heuristic === 'great-circle' || this.algorithm === 'dijkstra' ? 0 : (options.landmarkCount ?? LANDMARK_COUNT);
    this.shelf = options.hierarchyShelf ?? (options.hierarchyFile ? fileShelf(options.hierarchyFile) : null);
    this.contract = options.contract ?? true;
  }

  network(): Promise<RoadNetwork | null> {
    return this.store.current();
  }

  async route(from: LonLat, to: LonLat, vehicle: Vehicle): Promise<RouteAnswer> {
    const network = await this.store.current();
    if (!network) return { kind: 'none', reason: 'no-network', message: 'No road network has been imported' };
    const loaded = await this.graphFor(network);
    if (!loaded) return { kind: 'none', reason: 'no-network', message: 'No road network has been imported' };
    return this.routeOn(loaded, from, to, vehicle);
  }

  /** Builds the current network's graph now, so the first route does not wait for it (the hierarchy follows). */
  async warm(): Promise<void> {
    const network = await this.store.current();
    if (network) await this.graphFor(network);
  }

  /** Whether the current network's hierarchy answers the fastest route, once it is read or contracted. */
  async hierarchyReady(): Promise<boolean> {
    const network = await this.store.current();
    const loaded = network ? await this.graphFor(network) : null;
    return loaded ? loaded.hierarchyReady : false;
  }

  /** Whether the graph answering now was read from the shelf ('read') or built from the store's rows ('built'). */
  async graphSource(): Promise<Loaded['source'] | null> {
    const network = await this.store.current();
    return network ? ((await this.graphFor(network))?.source ?? null) : null;
  }

  private graphFor(network: RoadNetwork): Promise<Loaded | null> {
    if (!this.loaded || this.loadedId !== network.id) {
      this.loadedId = network.id;
      this.loaded = this.prepare(network);
      this.loaded.catch(() => {
        this.loaded = null;
        this.loadedId = null;
      });
    }
    return this.loaded;
  }

  /**
   * The graph, the snapping index and the landmarks: read from the shelf when they were prepared for this network, else
   * built in turns from the store's rows (the event loop is never held for long: routes and pages are served
   * meanwhile); null when the router closed first.
   */
  private async prepare(network: RoadNetwork): Promise<Loaded | null> {
    const turns = turnsOf(SLICE_MS, async () => !this.closed);
    const { graph: kept, hierarchy } = this.shelf ? await this.kept(this.shelf, network) : { graph: null, hierarchy: null };
    const graph = kept ?? (await this.buildGraph(turns));
    if (!graph || this.closed) return null;
    const loaded: Loaded = { ...graph, source: kept ? 'read' : 'built', hierarchy: null, hierarchyReady: Promise.resolve(false) };
    if (this.shelf) {
      loaded.hierarchyReady = this.prepareInBackground(loaded, graph.built.networkId === network.id ? network : null, this.shelf, hierarchy).catch((err: unknown) => {
        logger.error('road hierarchy', { error: errorMessage(err) });
        return false;
      });
    }
    return loaded;
  }

  /**
   * What the shelf keeps for the network: the hierarchy (when this router uses one) and the graph, which is read
   * without its search aids when the hierarchy is kept for it. Either is null when none is kept or the one kept cannot
   * be read (said in the log).
   */
  private async kept(shelf: PreparedShelf, network: RoadNetwork): Promise<{ graph: PreparedGraph | null; hierarchy: Hierarchy | null }> {
    const warn = (reason: string) => logger.warn('road hierarchy', { reason });
    const hierarchy = this.contract ? await keptHierarchy(shelf, network, null, warn) : null;
    const graph = await this.keptGraph(shelf, network, !hierarchy);
    if (!hierarchy || !graph || graph.built.arcs.nodeCount === hierarchy.nodeCount) return { graph, hierarchy };
    warn(`${shelf.describe()} has ${hierarchy.nodeCount} nodes, the graph ${graph.built.arcs.nodeCount}: prepared again`);
    return { graph: await this.keptGraph(shelf, network, true), hierarchy: null };
  }

  /** The graph kept on the shelf for the network, or null (none kept, or one that cannot be read: said in the log). */
  private async keptGraph(shelf: PreparedShelf, network: RoadNetwork, searchAids: boolean): Promise<PreparedGraph | null> {
    try {
      return await shelf.readGraph(network.id, preparedGraphFor(network, this.landmarkCount), searchAids);
    } catch (err) {
      logger.warn('road graph', { reason: errorMessage(err) });
      return null;
    }
  }

  private async buildGraph(turns: Turns): Promise<PreparedGraph | null> {
    const network = await this.store.load();
    if (!network) return null;
    const built = await runStepsInTurns(graphSteps(network), turns);
    const index = built && (await EdgeIndex.inTurns(network.edges, turns));
    const landmarks = index && this.landmarkCount ? await runStepsInTurns(landmarkSteps(built.arcs, this.landmarkCount), turns) : null;
    if (!built || !index || (this.landmarkCount && !landmarks)) return null;
    return { built, index, landmarks, searchAids: true };
  }

  /**
   * In the background, a slice at a time: the graph just built put on the shelf for the next start, then the hierarchy
   * read or contracted. Stops when the router closes or moves on to another network. `network` is null when the store
   * moved on to another network while the graph was being built.
   */
  private async prepareInBackground(loaded: Loaded, network: RoadNetwork | null, shelf: PreparedShelf, kept: Hierarchy | null): Promise<boolean> {
    if (!network) return false;
    // Wanted while this router is open and the network is still the store's current one (an import may replace it).
    const turns = turnsOf(SLICE_MS, async () => {
      const current = this.closed ? null : await this.store.current();
      return !this.closed && this.loadedId === network.id && current?.id === network.id;
    });
    // Not in the turn that built the graph: its first route is not kept waiting.
    if (!(await turns.give())) return false;
    if (loaded.source === 'built') await this.keepGraph(loaded, network, shelf);
    return this.contract && (await this.prepareHierarchyInTurns(loaded, network, shelf, turns, kept));
  }

  /** Puts the graph on the shelf, unless another instance is preparing what it keeps there (it puts its own). */
  private async keepGraph(loaded: Loaded, network: RoadNetwork, shelf: PreparedShelf): Promise<void> {
    const started = performance.now();
    try {
      const kept = await shelf.ifNoOtherPrepares(() => shelf.writeGraph(network.id, loaded, preparedGraphFor(network, this.landmarkCount)));
      if (kept !== ANOTHER_PREPARES) logger.info('road graph', { kept: shelf.describe(), ms: Math.round(performance.now() - started) });
    } catch (err) {
      logger.warn('road graph', { reason: `${shelf.describe()} could not keep the graph, so the next start builds it again: ${errorMessage(err)}` });
    }
  }

  /** Reads or contracts the hierarchy in turns (unless it was `kept` and read with the graph). */
  private async prepareHierarchyInTurns(loaded: Loaded, network: RoadNetwork, shelf: PreparedShelf, turns: Turns, kept: Hierarchy | null): Promise<boolean> {
    const started = performance.now();
    try {
      const profiles = await runStepsInTurns(LimitProfiles.steps(loaded.built.edges), turns);
      if (!profiles) return false;
      const prepared = kept
        ? { hierarchy: kept, source: 'read' as const }
        : await prepareHierarchy(loaded.built, profiles, network, shelf, turns, (reason) => logger.warn('road hierarchy', { reason }), (taken, of, arcsPerNode) =>
            logger.info('road hierarchy', {
              contracted: `${Math.round((100 * taken) / of)} %`,
              nodes: of,
              arcsPerNode: Math.round(arcsPerNode * 10) / 10,
              ms: Math.round(performance.now() - started),
            }),
          );
      if (!prepared) return false;
      const routes = await runStepsInTurns(HierarchyRoutes.inSteps(loaded.built, profiles, prepared.hierarchy), turns);
      if (!routes) return false;
      loaded.hierarchy = routes;
      logger.info('road hierarchy', { source: prepared.source, shortcuts: prepared.hierarchy.shortcuts, ms: Math.round(performance.now() - started) });
      // Its answers are not needed: a failure here is only said.
      await warmRoutes(loaded, routes, turns).catch((err) => logger.warn('road hierarchy', { warmRoutes: errorMessage(err) }));
      return true;
    } catch (err) {
      logger.error('road hierarchy', { error: errorMessage(err) });
      return false;
    }
  }

  private routeOn({ built, index, landmarks, hierarchy, searchAids }: Loaded, from: LonLat, to: LonLat, vehicle: Vehicle): RouteAnswer {
    const km = this.snapWithinM / 1000;
    const allowed = (edge: Parameters<typeof mayUse>[0]) => mayUse(edge, vehicle);
    const start = index.nearest(from, this.snapWithinM, allowed);
    if (!start) return { kind: 'none', reason: 'start-off-road', message: `The start is more than ${km} km from any road of the network` };
    const end = index.nearest(to, this.snapWithinM, allowed);
    if (!end) return { kind: 'none', reason: 'end-off-road', message: `The destination is more than ${km} km from any road of the network` };

    // The fastest route first: when it breaks no restriction it is the answer, in one search.
    const ends = [{ point: from, snap: start }, { point: to, snap: end }] as const;
    // Without the search aids (a graph read for its kept hierarchy) only the arcs forwards are there: A*, not NBA*.
    const find = (mode: SearchMode) => search(built, start, end, vehicle, { mode, algorithm: searchAids ? this.algorithm : 'a-star', landmarks });
    const fastest = hierarchy ? hierarchy.route(start, end, null) : find('unrestricted');
    if (!fastest) return { kind: 'none', reason: 'unreachable', message: 'No road joins the start to the destination' };
    const broken = restrictionsAlong(fastest.traversals, vehicle);
    if (!broken.length) return assembleRoute(fastest.traversals, ...ends);
    const legal = hierarchy ? hierarchy.route(start, end, vehicle) : find('legal');
    if (legal) {
      const route = assembleRoute(legal.traversals, ...ends);
      return { ...route, restrictionsAvoided: broken, detour: detourOver(assembleRoute(fastest.traversals, ...ends), route) };
    }
    const fewest = find('fewest-breaks')!;
    const route: RoadRoute & { ignoresRestrictions: true } = { ...assembleRoute(fewest.traversals, ...ends), ignoresRestrictions: true };
    return { kind: 'refused', refused: restrictionsAlong(fewest.traversals, vehicle), ignoringRestrictions: route };
  }

  async close(): Promise<void> {
    this.closed = true;
    this.loaded = null;
  }
}

/**
 * A few routes of the router's own across the network, one a step (a car's, then a class A rig's), before the first one asked: a route's code is
 * compiled as it first runs, and the first routes after a start took 20 to 100 ms where the later ones took 5 to 10
 * (24.4M edges, two instances starting together on two cores).
 */
async function warmRoutes({ built: { edges }, index }: Loaded, hierarchy: HierarchyRoutes, turns: Turns): Promise<void> {
  const anyEdge = () => true;
  const pointAt = (fraction: number): LonLat => edges.geometry(Math.min(edges.length - 1, Math.floor(fraction * edges.length)))[0];
  for (let i = 0; i < WARM_ROUTES && edges.length; i++) {
    const [from, to] = [pointAt(i / WARM_ROUTES), pointAt(1 - (i + 0.5) / WARM_ROUTES)];
    const [start, end] = [index.nearest(from, SNAP_WITHIN_M, anyEdge), index.nearest(to, SNAP_WITHIN_M, anyEdge)];
    if (!start || !end) continue;
    for (const vehicle of [null, PRESET_VEHICLES['class-a']]) {
      const found = hierarchy.route(start, end, vehicle);
      if (found) assembleRoute(found.traversals, { point: from, snap: start }, { point: to, snap: end });
      if (turns.due() && !(await turns.give())) return;
    }
  }
}
