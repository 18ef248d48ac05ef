import type { Queryable } from '@/lib/db/postgres/cluster';
import type { LonLat, RoadEdge } from '../../edge';
import { haversineMeters } from '../../geometry';
import { mayUse } from '../../restrictions';
import type { PostgresRoadStore } from '../../store/postgres/store';
import type { RoadNetwork } from '../../store/types';
import type { Vehicle } from '../../vehicle';
import { assembleRoute, detourOver, restrictionsAlong } from '../assemble';
import { SNAP_WITHIN_M } from '../graph-router';
import type { SearchMode } from '../search';
import type { RoadRoute, RoadRouter, RouteAnswer } from '../types';
import type { Snap } from '../snap';
import { seconds, type Traversal } from '../traversal';
import { pgroutingSearch } from './path';
import { type Box, routeBox } from './route-box';
import { snapOnServer } from './snap';

export class PgRoutingMissingError extends Error {
  constructor() {
    super(
      'Routing on PostgreSQL needs the pgRouting extension, which this database does not have: install it on the database server ' +
        '(Debian: apt-get install postgresql-15-pgrouting), then run "CREATE EXTENSION pgrouting" in the database',
    );
    this.name = 'PgRoutingMissingError';
  }
}

/** The first box holds the routes up to this many times the distance between the ends, plus FIRST_REACH_M. */
const FIRST_REACH = 2;
const FIRST_REACH_M = 5_000;

const NO_NETWORK: RouteAnswer = { kind: 'none', reason: 'no-network', message: 'No road network has been imported' };

/**
 * Routes in the database with pgRouting, over the store's current network, with the answers of the embedded
 * GraphRouter: the same snapping, the same three searches (fastest; then legal, its forbidden edges left out of the
 * edges pgRouting reads; then fewest restrictions broken) and the same route, built by assemble.ts. Each route runs
 * on one server: a replica that has the current network, else the primary.
 */
export class PgRoutingRouter implements RoadRouter {
  private pgRoutingFound = false;
  private topSpeed: { networkId: number; mps: number } | null = null;
  private readonly snapWithinM: number;

  constructor(
    private readonly store: PostgresRoadStore,
    options: { snapWithinM?: number } = {},
  ) {
    this.snapWithinM = options.snapWithinM ?? SNAP_WITHIN_M;
  }

  network(): Promise<RoadNetwork | null> {
    return this.store.current();
  }

  async route(from: LonLat, to: LonLat, vehicle: Vehicle): Promise<RouteAnswer> {
    const network = await this.store.current();
    if (!network) return NO_NETWORK;
    return this.store.onNetwork(network.id, async (db) => {
      await this.requirePgRouting(db);
      return this.routeOn(db, network.id, from, to, vehicle);
    });
  }

  private async requirePgRouting(db: Queryable): Promise<void> {
    if (this.pgRoutingFound) return;
    const { rowCount } = await db.query(`SELECT 1 FROM pg_extension WHERE extname = 'pgrouting'`);
    if (!rowCount) throw new PgRoutingMissingError();
    this.pgRoutingFound = true;
  }

  private async routeOn(db: Queryable, networkId: number, from: LonLat, to: LonLat, vehicle: Vehicle): Promise<RouteAnswer> {
    const km = this.snapWithinM / 1000;
    const allowed = (edge: RoadEdge) => mayUse(edge, vehicle);
    const start = await snapOnServer(db, networkId, from, this.snapWithinM, allowed);
    if (!start) return { kind: 'none', reason: 'start-off-road', message: `The start is more than ${km} km from any road of the network` };
    const end = await snapOnServer(db, networkId, to, this.snapWithinM, allowed);
    if (!end) return { kind: 'none', reason: 'end-off-road', message: `The destination is more than ${km} km from any road of the network` };

    const ends = [{ point: from, snap: start }, { point: to, snap: end }] as const;
    const find = (mode: SearchMode) => this.search(db, networkId, start, end, vehicle, mode);
    const fastest = await find('unrestricted');
    if (!fastest) return { kind: 'none', reason: 'unreachable', message: 'No road joins the start to the destination' };
    const broken = restrictionsAlong(fastest, vehicle);
    if (!broken.length) return assembleRoute(fastest, ...ends);
    const legal = await find('legal');
    if (legal) {
      const route = assembleRoute(legal, ...ends);
      return { ...route, restrictionsAvoided: broken, detour: detourOver(assembleRoute(fastest, ...ends), route) };
    }
    const fewest = (await find('fewest-breaks'))!;
    const route: RoadRoute & { ignoresRestrictions: true } = { ...assembleRoute(fewest, ...ends), ignoresRestrictions: true };
    return { kind: 'refused', refused: restrictionsAlong(fewest, vehicle), ignoringRestrictions: route };
  }

  /**
   * pgRouting reads every edge its query names before it searches, so the legal and fastest searches name only
   * the edges near the ends first, then (unless that box already held them) every edge a route as fast as the one
   * found could use: a route of T seconds stays within T at the network's top speed of its ends (route-box.ts).
   * The route offered when none is legal may be far longer than the legal one: it searches the whole network.
   */
  private async search(db: Queryable, networkId: number, start: Snap, end: Snap, vehicle: Vehicle, mode: SearchMode): Promise<Traversal[] | null> {
    const find = (within: Box | null) => pgroutingSearch(db, networkId, start, end, vehicle, mode, within);
    if (mode === 'fewest-breaks') return find(null);
    const firstReachM = FIRST_REACH * haversineMeters(start.point, end.point) + FIRST_REACH_M;
    const first = await find(routeBox(start.point, end.point, firstReachM));
    if (!first) return find(null);
    const reachM = first.reduce((sum, t) => sum + seconds(t), 0) * (await this.topSpeedMps(db, networkId));
    return reachM <= firstReachM ? first : find(routeBox(start.point, end.point, reachM));
  }

  private async topSpeedMps(db: Queryable, networkId: number): Promise<number> {
    if (this.topSpeed?.networkId !== networkId) {
      const { rows } = await db.query<{ kmh: number }>('SELECT max(speed_kmh) AS kmh FROM road_edges WHERE network_id = $1', [networkId]);
      this.topSpeed = { networkId, mps: rows[0].kmh / 3.6 };
    }
    return this.topSpeed.mps;
  }

  async close(): Promise<void> {}
}
