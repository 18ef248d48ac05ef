import { boxRing, type Box } from './geo';

export interface BoxEdgeFields {
  west: string;
  south: string;
  east: string;
  north: string;
}

export type BoxEdgesResult = { ok: true; box: Box } | { ok: false; error: string };

const number = (text: string) => (text.trim() === '' ? NaN : Number(text));

/**
 * A box typed as its four edges, checked as a group: longitudes from -180 to 180, latitudes from -90 to 90 with the
 * south edge below the north one. A west edge east of the east edge crosses the antimeridian, as on the map.
 */
export function parseBoxEdges(fields: BoxEdgeFields): BoxEdgesResult {
  const [west, south, east, north] = [fields.west, fields.south, fields.east, fields.north].map(number);
  const lon = (n: number) => Number.isFinite(n) && n >= -180 && n <= 180;
  const lat = (n: number) => Number.isFinite(n) && n >= -90 && n <= 90;
  if (!lon(west)) return { ok: false, error: 'West is a longitude from -180 to 180.' };
  if (!lon(east)) return { ok: false, error: 'East is a longitude from -180 to 180.' };
  if (!lat(south)) return { ok: false, error: 'South is a latitude from -90 to 90.' };
  if (!lat(north)) return { ok: false, error: 'North is a latitude from -90 to 90.' };
  if (south >= north) return { ok: false, error: 'South is below North.' };
  if (west === east) return { ok: false, error: 'West and East are different longitudes.' };
  return { ok: true, box: { west, south, east, north } };
}

/** The box's south-west and north-east corners, for the map to frame it (east unwrapped past 180 if it crosses). */
export function boxBounds(box: Box): [[number, number], [number, number]] {
  const ring = boxRing(box);
  return [ring[0], ring[2]];
}
