import { setImmediate as yieldToLoop } from 'node:timers/promises';
import type { LonLat } from '../edge';
import { mayUse } from '../restrictions';
import type { LoadedNetwork, RoadNetwork, RoadStore } from '../store/types';
import type { Vehicle } from '../vehicle';
import { assembleRoute, detourOver, restrictionsAlong } from './assemble';
import { type BuiltGraph, buildGraph } from './graph';
import { chooseLandmarks, LANDMARK_COUNT, type Landmarks } from './landmarks';
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
}

/** A stop more than 5 km from any road is not on this network: it is said, not routed from a road far away. */
export const SNAP_WITHIN_M = 5_000;

interface Loaded {
  built: BuiltGraph;
  index: EdgeIndex;
  landmarks: Landmarks | null;
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

  constructor(
    private readonly store: RoadStore,
    options: GraphRouterOptions = {},
  ) {
    this.snapWithinM = options.snapWithinM ?? SNAP_WITHIN_M;
    this.algorithm = options.algorithm ?? 'nba';
    this.landmarkCount = options.heuristic === 'great-circle' || this.algorithm === 'dijkstra' ? 0 : (options.landmarkCount ?? LANDMARK_COUNT);
  }

  network(): Promise<RoadNetwork | null> {
    return this.store.current();
  }

  async route(from: LonLat, to: LonLat, vehicle: Vehicle): Promise<RouteAnswer> {
    const network = await this.store.current();
    if (!network) return { kind: 'none', reason: 'no-network', message: 'No road network has been imported' };
    const loaded = await this.graphFor(network.id);
    if (!loaded) return { kind: 'none', reason: 'no-network', message: 'No road network has been imported' };
    return this.routeOn(loaded, from, to, vehicle);
  }

  /** Builds the current network's graph now, so the first route does not wait for it. */
  async warm(): Promise<void> {
    const network = await this.store.current();
    if (network) await this.graphFor(network.id);
  }

  private graphFor(networkId: number): Promise<Loaded | null> {
    if (!this.loaded || this.loadedId !== networkId) {
      this.loadedId = networkId;
      this.loaded = this.store.load().then((network) => (network ? this.prepare(network) : null));
      this.loaded.catch(() => {
        this.loaded = null;
        this.loadedId = null;
      });
    }
    return this.loaded;
  }

  /** The graph, the snapping index and the landmarks; the landmarks' searches give the event loop a turn between them. */
  private async prepare(network: LoadedNetwork): Promise<Loaded> {
    const built = buildGraph(network);
    await yieldToLoop();
    const index = new EdgeIndex(network.edges);
    await yieldToLoop();
    const landmarks = this.landmarkCount ? await chooseLandmarks(built.arcs, this.landmarkCount, yieldToLoop) : null;
    return { built, index, landmarks };
  }

  private routeOn({ built, index, landmarks }: Loaded, from: LonLat, to: LonLat, vehicle: Vehicle): RouteAnswer {
    const km = this.snapWithinM / 1000;
    const allowed = (edge: Parameters<typeof mayUse>[0]) => mayUse(edge, vehicle);
    const start = index.nearest(from, this.snapWithinM, allowed);
    if (!start) return { kind: 'none', reason: 'start-off-road', message: `The start is more than ${km} km from any road of the network` };
    const end = index.nearest(to, this.snapWithinM, allowed);
    if (!end) return { kind: 'none', reason: 'end-off-road', message: `The destination is more than ${km} km from any road of the network` };

    // The fastest route first: when it breaks no restriction it is the answer, in one search.
    const ends = [{ point: from, snap: start }, { point: to, snap: end }] as const;
    const find = (mode: SearchMode) => search(built, start, end, vehicle, { mode, algorithm: this.algorithm, landmarks });
    const fastest = find('unrestricted');
    if (!fastest) return { kind: 'none', reason: 'unreachable', message: 'No road joins the start to the destination' };
    const broken = restrictionsAlong(fastest.traversals, vehicle);
    if (!broken.length) return assembleRoute(fastest.traversals, ...ends);
    const legal = find('legal');
    if (legal) {
      const route = assembleRoute(legal.traversals, ...ends);
      return { ...route, restrictionsAvoided: broken, detour: detourOver(assembleRoute(fastest.traversals, ...ends), route) };
    }
    const fewest = find('fewest-breaks')!;
    const route: RoadRoute & { ignoresRestrictions: true } = { ...assembleRoute(fewest.traversals, ...ends), ignoresRestrictions: true };
    return { kind: 'refused', refused: restrictionsAlong(fewest.traversals, vehicle), ignoringRestrictions: route };
  }

  async close(): Promise<void> {
    this.loaded = null;
  }
}

