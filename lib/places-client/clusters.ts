import 'server-only';
import { z } from 'zod';
import { firstIssue } from '@/lib/explorer/schema-error';
import { searchSchema, toPlacesQuery } from '@/lib/explorer/search-schema';
import type { ClusterResponse } from '@/lib/explorer/types';
import { MAX_ZOOM } from '@/lib/places/contract/limits';
import { PlacesApiError, placesGet } from './client';
import type { PlacesCredentials } from './credentials';

const NUMBER = '-?\\d+(\\.\\d+)?';
const viewSchema = z.strictObject({
  bbox: z.string().regex(new RegExp(`^${NUMBER},${NUMBER},${NUMBER},${NUMBER}$`), 'west,south,east,north'),
  zoom: z.coerce.number().min(0).max(MAX_ZOOM),
});

function refused(error: z.ZodError): PlacesApiError {
  const { message, parameter } = firstIssue(error);
  return new PlacesApiError(400, 'invalid_parameter', message, parameter);
}

/**
 * Validates a clusters call as the browser sent it (the search's parameters, checked by the search's schema, plus
 * the viewport) and asks the Place API, signed, in a fixed parameter order; the API checks the ranges.
 */
export async function clusterPlaces(query: URLSearchParams, credentials: PlacesCredentials | null): Promise<ClusterResponse> {
  const all = Object.fromEntries(query);
  const { bbox, zoom, ...rest } = all;
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
