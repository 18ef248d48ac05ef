import type { Queryable } from '@/lib/db/postgres/cluster';
import { mayUse } from '../../restrictions';
import type { Vehicle } from '../../vehicle';
import { edgeFromRow, type EdgeRow, edgeSelect } from '../../store/postgres/rows';
import { PENALTY_S, type SearchMode } from '../search';
import type { Snap } from '../snap';
import { seconds, type Traversal } from '../traversal';
import type { Box } from './route-box';
import { mayUseSql, VEHICLE_PARAMS, VEHICLE_TYPES, type VehicleParam, vehicleValues } from './may-use-sql';

// pgRouting reads the edges and points from SQL text: the text is made by format() on the server, so the network,
// the vehicle's figures and the points are bound as parameters and enter the text as quoted literals (%L).
// Ids are shifted by one: pgRouting gives 0 and negative numbers meanings of their own, and ours start at 0.
const NETWORK = '%1$L::bigint';
const vehicleArgs = Object.fromEntries(VEHICLE_PARAMS.map((name, i) => [name, `%${i + 2}$L::${VEHICLE_TYPES[name]}`])) as Record<VehicleParam, string>;
const EXEMPT = `%${VEHICLE_PARAMS.length + 2}$L::int[]`;
const BOX = `ST_MakeEnvelope(${[3, 4, 5, 6].map((k) => `%${VEHICLE_PARAMS.length + k}$L::float8`).join(', ')}, 4326)`;
const ALLOWED = mayUseSql(vehicleArgs);
const TIME = 'e.length_m * 3.6 / e.speed_kmh';

/**
 * The edges as pgr_withPoints reads them: cost the time to drive each one way, -1 where the road is one-way the
 * other way. `legal` leaves out the edges the vehicle may not use, so pgRouting never expands them; `fewest-breaks`
 * adds the search's penalty to them (except the edges an end lies part way along: a route drives a part of those
 * whichever way it goes, and pgRouting would share the penalty out by the part driven). `boxed`: only the edges
 * whose box meets a box (route-box.ts), which holds every edge a route of the cost sought can use.
 */
function edgesSql(mode: SearchMode, boxed: boolean): string {
  const cost = mode === 'fewest-breaks' ? `${TIME} + CASE WHEN (${ALLOWED}) OR e.id = ANY (${EXEMPT}) THEN 0 ELSE ${PENALTY_S} END` : TIME;
  return `SELECT e.id + 1 AS id, e.source + 1 AS source, e.target + 1 AS target,
    CASE WHEN e.oneway = 'backward' THEN -1 ELSE ${cost} END AS cost,
    CASE WHEN e.oneway = 'forward' THEN -1 ELSE ${cost} END AS reverse_cost
  FROM road_edges e WHERE e.network_id = ${NETWORK}${boxed ? ` AND e.geom && ${BOX}` : ''}${mode === 'legal' ? ` AND ${ALLOWED}` : ''}`;
}

/** Where an end lies: on a junction it is that node; part way along an edge it is a point of pgr_withPoints. */
type End = { node: number } | { pid: number; snap: Snap };

function endOf(snap: Snap, pid: number): End {
  if (snap.fraction === 0) return { node: snap.edge.from };
  if (snap.fraction === 1) return { node: snap.edge.to };
  return { pid, snap };
}

const vid = (end: End) => ('node' in end ? end.node + 1 : -end.pid);

interface PathRow extends EdgeRow {
  node: number;
  edge: number;
  cost: number;
}

/**
 * The fastest way from one snapped point to another by pgRouting's pgr_withPoints (Dijkstra from point to point
 * on edges), with the embedded search's rules (lib/roads/router/search.ts): the same modes, costs and penalty.
 * Returns the traversals the embedded router would, or null when no path exists.
 */
export async function pgroutingSearch(
  db: Queryable,
  networkId: number,
  from: Snap,
  to: Snap,
  vehicle: Vehicle,
  mode: SearchMode,
  within: Box | null,
): Promise<Traversal[] | null> {
  const forbidden = (t: Traversal) => t.from !== t.to && !mayUse(t.edge, vehicle);
  const [start, end] = [endOf(from, 1), endOf(to, 2)];
  const points = [start, end].filter((e): e is Extract<End, { pid: number }> => 'pid' in e);
  // An end part way along a road the rig may not use: every way from it drives a part of that road.
  if (mode === 'legal' && points.some((p) => !mayUse(p.snap.edge, vehicle))) return null;
  // pgRouting answers no path from a junction to itself; the embedded router answers a route of 0 m.
  if ('node' in start && 'node' in end && start.node === end.node) return [{ edge: from.edge, from: from.fraction, to: from.fraction }];

  const fractions = [from.fraction, to.fraction];
  const exempt = points.map((p) => p.snap.edge.id);
  const params: unknown[] = [];
  const param = (value: unknown, type: string) => `$${params.push(value)}::${type}`;
  const network = param(networkId, 'bigint');
  const edges = `format(${param(edgesSql(mode, within !== null), 'text')}, ${network}, ${vehicleValues(vehicle)
    .map((v, i) => param(v, VEHICLE_TYPES[VEHICLE_PARAMS[i]]))
    .join(', ')}, ${param(exempt, 'int[]')}${within ? `, ${within.map((v) => param(v, 'float8')).join(', ')}` : ''})`;
  const ends = `${param(vid(start), 'bigint')}, ${param(vid(end), 'bigint')}`;
  let path = `pgr_dijkstra(${edges}, ${ends})`;
  if (points.length) {
    const pointsSql = points.map((p) => `SELECT ${p.pid} AS pid, ${p.snap.edge.id + 1} AS edge_id, %${p.pid}$L::float8 AS fraction`).join(' UNION ALL ');
    path = `pgr_withPoints(${edges}, format(${param(pointsSql, 'text')}, ${fractions.map((f) => param(f, 'float8')).join(', ')}), ${ends})`;
  }
  const { rows } = await db.query<PathRow>(
    // Each edge of the path by its key (OFFSET 0 keeps the planner from hashing the whole network's edges instead).
    `SELECT r.node, r.edge, r.cost, e.* FROM ${path} r
     LEFT JOIN LATERAL (SELECT ${edgeSelect()} FROM road_edges e WHERE e.network_id = ${network} AND e.id = r.edge - 1 OFFSET 0) e ON true
     ORDER BY r.seq`,
    params,
  );
  if (rows.length < 2) return null;

  const penalized = mode === 'fewest-breaks';
  const cost = (t: Traversal) => seconds(t) + (penalized && forbidden(t) && !exempt.includes(t.edge.id) ? PENALTY_S : 0);
  const traversals: Traversal[] = [];
  for (let i = 0; i + 1 < rows.length; i++) {
    const edge = edgeFromRow(rows[i]);
    // Which fractions of the edge each node of the path is at; a loop edge's node is at both ends, and the cost
    // pgRouting paid says which way it was driven.
    const at = (node: number): number[] => (node < 0 ? [fractions[-node - 1]] : [node - 1 === edge.from ? 0 : -1, node - 1 === edge.to ? 1 : -1].filter((f) => f >= 0));
    let best: Traversal | null = null;
    for (const a of at(rows[i].node)) {
      for (const b of at(rows[i + 1].node)) {
        const t = { edge, from: a, to: b };
        if (!best || Math.abs(cost(t) - rows[i].cost) < Math.abs(cost(best) - rows[i].cost)) best = t;
      }
    }
    if (!best) throw new Error(`pgRouting answered a path this network does not have (edge ${edge.id} from node ${rows[i].node - 1})`);
    traversals.push(best);
  }
  return traversals;
}
