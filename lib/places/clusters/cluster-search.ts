import type { PlaceStore, SearchQuery, ViewQuery } from '../store/types';
import { type Bounds, binMatches, type BinnedPoint, type Cluster } from './bins';

/** Up to this zoom the count table's 0.1-degree cells are placed (a bin is wider than a cell). */
export const COARSE_CELLS_MAX_ZOOM = 9;
/** Up to this zoom its 0.02-degree cells are; above, every match is read as a place. */
export const FINE_CELLS_MAX_ZOOM = 12;
/** From this zoom every match comes back as a place (up to MAX_PLACES; beyond, clustered as at lower zooms). */
export const PLACES_ZOOM = 16;
export const MAX_PLACES = 2000;
export { MAX_ZOOM } from '../contract/limits';
/** The largest viewport taken, in screen pixels at the requested zoom along each side. */
export const MAX_VIEW_PX = 8192;

export interface ClusterRequest {
  query: SearchQuery;
  bbox: Bounds;
  zoom: number;
}

export interface ClusterPlace extends BinnedPoint {
  name: string;
}

export interface ClusterResult {
  /** The search's total inside the viewport: the sum of the clusters' counts and the places. */
  total: number;
  clusters: Cluster[];
  places: ClusterPlace[];
}

export const cellsForZoom = (zoom: number): ViewQuery['cells'] =>
  zoom < COARSE_CELLS_MAX_ZOOM + 1 ? 'coarse' : zoom < FINE_CELLS_MAX_ZOOM + 1 ? 'fine' : 'none';

/** The aggregate of a search inside a viewport: clusters with exact counts, single places where a bin holds one. */
export async function clusterSearch(store: PlaceStore, req: ClusterRequest): Promise<ClusterResult> {
  const matches = await store.viewMatches(req.query, { box: req.bbox, cells: cellsForZoom(req.zoom) });
  const total = matches.cells.reduce((n, c) => n + c.n, 0) + matches.points.length;
  const everyPlace = req.zoom >= PLACES_ZOOM && !matches.cells.length && matches.points.length <= MAX_PLACES;
  const binned = everyPlace
    ? { clusters: [], points: matches.points.map((p) => ({ id: p.id, longitude: p.lon, latitude: p.lat })).sort((a, b) => a.id - b.id) }
    : binMatches(matches, req.zoom);
  const names = await store.names(binned.points.map((p) => p.id));
  return { total, clusters: binned.clusters, places: binned.points.map((p) => ({ ...p, name: names.get(p.id) ?? '' })) };
}

/** The response body: `data.clusters`, `data.places`, and `meta.total` (the viewport's total) with the zoom. */
export function clustersJson(result: ClusterResult, zoom: number): string {
  return JSON.stringify({ data: { clusters: result.clusters, places: result.places }, meta: { total: result.total, zoom } });
}
