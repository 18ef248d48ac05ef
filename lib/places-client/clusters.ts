import 'server-only';
import { z } from 'zod';
import { decimal, searchSchema, toPlacesQuery } from '@/lib/explorer/search-schema';
import type { ClusterResponse } from '@/lib/explorer/types';
import { DECIMAL, MAX_ZOOM } from '@/lib/places/contract/limits';
import { placesGet } from './client';
import type { PlacesCredentials } from './credentials';
import { queryRecord, refused } from './query-input';

const viewSchema = z.strictObject({
  bbox: z.string().refine((v) => v.split(',').length === 4 && v.split(',').every((part) => DECIMAL.test(part.trim())), 'west,south,east,north'),
  zoom: decimal(0, MAX_ZOOM),
});

/**
 * Validates a clusters call as the browser sent it (the search's parameters, checked by the search's schema, plus
 * the viewport) and asks the Place API, signed, in a fixed parameter order; the API checks the ranges.
 */
export async function clusterPlaces(query: URLSearchParams, credentials: PlacesCredentials | null): Promise<ClusterResponse> {
  const { bbox, zoom, ...rest } = queryRecord(query);
  const view = viewSchema.safeParse({ bbox, zoom });
  if (!view.success) throw refused(view.error);
  const search = searchSchema.safeParse(rest);
  if (!search.success) throw refused(search.error);
  const params = new URLSearchParams(toPlacesQuery(search.data));
  params.set('bbox', view.data.bbox);
  params.set('zoom', String(view.data.zoom));
  params.sort();
  return placesGet<ClusterResponse>(`search/clusters?${params}`, credentials);
}
