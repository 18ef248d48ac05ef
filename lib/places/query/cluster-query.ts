import type { AccountView } from '../auth/account';
import { MAX_VIEW_PX, MAX_ZOOM, type ClusterRequest } from '../clusters/cluster-search';
import { DECIMAL } from '../contract/limits';
import { invalid } from '../errors';
import { checkPageSize, parseSearchQuery } from './search-query';


/** The viewport's width in degrees of longitude (west greater than east crosses the antimeridian). */
const lonSpan = (west: number, east: number) => (west <= east ? east - west : 360 - (west - east));

function latToY(lat: number): number {
  const phi = (Math.max(-85.0511287798, Math.min(85.0511287798, lat)) * Math.PI) / 180;
  return (1 - Math.log(Math.tan(phi) + 1 / Math.cos(phi)) / Math.PI) / 2;
}

function single(params: URLSearchParams, name: string): string {
  const values = params.getAll(name);
  if (!values.length) throw invalid(name, `${name} is required`);
  if (values.length > 1) throw invalid(name, `${name} must be given only once`);
  return values[0];
}

function parseBbox(raw: string): ClusterRequest['bbox'] {
  const parts = raw.split(',').map((p) => p.trim());
  const [west, south, east, north] = parts.map((p) => (DECIMAL.test(p) ? Number(p) : NaN));
  if (parts.length !== 4 || ![west, south, east, north].every(Number.isFinite)) {
    throw invalid('bbox', 'bbox must be "<west>,<south>,<east>,<north>" (four numbers, degrees)');
  }
  if ([west, east].some((v) => v < -180 || v > 180)) throw invalid('bbox', 'bbox longitudes must be from -180 to 180 (west greater than east crosses the antimeridian)');
  if ([south, north].some((v) => v < -90 || v > 90)) throw invalid('bbox', 'bbox latitudes must be from -90 to 90');
  if (south > north) throw invalid('bbox', 'bbox south must not be greater than north');
  return { west, south, east, north };
}

/**
 * A cluster request: the search's own parameters (every filter and area, parsed by the search's one schema; `limit`,
 * `offset` and `sort` are checked as in a search, then ignored) plus `bbox` and `zoom`.
 */
export function parseClusterQuery(query: string, account: AccountView, knownChains: ReadonlySet<string>): ClusterRequest {
  const params = new URLSearchParams(query);
  const bbox = parseBbox(single(params, 'bbox'));
  const zoomText = single(params, 'zoom');
  const zoom = DECIMAL.test(zoomText) ? Number(zoomText) : NaN;
  if (!(zoom >= 0 && zoom <= MAX_ZOOM)) throw invalid('zoom', `zoom must be a number from 0 to ${MAX_ZOOM}`);
  const worldPx = 256 * 2 ** zoom;
  const width = (lonSpan(bbox.west, bbox.east) / 360) * worldPx;
  const height = (latToY(bbox.south) - latToY(bbox.north)) * worldPx;
  if (width > MAX_VIEW_PX || height > MAX_VIEW_PX) {
    throw invalid('bbox', `bbox is larger than ${MAX_VIEW_PX} pixels on a side at zoom ${zoom}: zoom in or send a smaller box`);
  }
  params.delete('bbox');
  params.delete('zoom');
  // A page size means nothing here: it is checked as written (against the API's maximum, not the client's), then dropped.
  checkPageSize(params);
  params.delete('limit');
  return { query: parseSearchQuery(params.toString(), account, knownChains), bbox, zoom };
}
