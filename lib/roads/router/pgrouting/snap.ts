import type { Queryable } from '@/lib/db/postgres/cluster';
import type { LonLat, RoadEdge } from '../../edge';
import { edgeFromRow, type EdgeRow, edgeSelect } from '../../store/postgres/rows';
import { EdgeIndex, edgeList, type Snap } from '../snap';

const METERS_PER_DEGREE = 111_195;
const FIRST_RADIUS_M = 100;
/** A box a little larger than the embedded index's: PostGIS's box test finds at least the edges it would. */
const MARGIN = 1.01;

/**
 * The nearest point of the network within `withinM` metres, found as the embedded router finds it: the edges in
 * a box around the point come from the GiST index (`&&`), and the embedded `EdgeIndex` picks among them with the
 * same projection and tie rule, in the same widening steps, so both engines start from the very same point.
 */
export async function snapOnServer(db: Queryable, networkId: number, point: LonLat, withinM: number, preferred: (edge: RoadEdge) => boolean): Promise<Snap | null> {
  const [lon, lat] = point;
  for (let radius = Math.min(FIRST_RADIUS_M, withinM); ; radius = Math.min(radius * 4, withinM)) {
    const dLat = (radius / METERS_PER_DEGREE) * MARGIN;
    const dLon = dLat / Math.max(0.01, Math.cos((lat * Math.PI) / 180));
    const { rows } = await db.query<EdgeRow>(
      `SELECT ${edgeSelect()} FROM road_edges e WHERE e.network_id = $1 AND e.geom && ST_MakeEnvelope($2, $3, $4, $5, 4326) ORDER BY e.id`,
      [networkId, lon - dLon, lat - dLat, lon + dLon, lat + dLat],
    );
    const snap = rows.length ? new EdgeIndex(edgeList(rows.map(edgeFromRow))).nearest(point, radius, preferred) : null;
    if (snap || radius >= withinM) return snap;
  }
}
