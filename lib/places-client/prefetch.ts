import 'server-only';
import { dehydrate, QueryClient, type DehydratedState } from '@tanstack/react-query';
import { PUBLIC_ACCOUNT, type PlacesAccount } from '@/lib/explorer/queries/account-query';
import { listsQuery } from '@/lib/explorer/queries/lists-query';
import { nearbyQuery } from '@/lib/explorer/queries/nearby-query';
import { nearbyTileKey } from '@/lib/gazetteer/nearby';
import { readNearbyTile } from '@/lib/gazetteer/nearby-server';
import { placeQuery } from '@/lib/explorer/queries/place-query';
import { searchQuery } from '@/lib/explorer/queries/search-query';
import { searchRequestParams } from '@/lib/explorer/search-request';
import type { Place } from '@/lib/explorer/types';
import { parseExplorerState } from '@/lib/explorer/url-state';
import { placesGet } from './client';
import { resolvePlacesCredentials, type PlacesCallerContext } from './credentials';
import { fetchPlaceLists } from './lists';
import { searchPlaces } from './search';

/**
 * Fetches on the server what the Explorer's URL asks for, under the same query keys the browser uses, so the first
 * HTML already holds the results, the filter choices, the open place and the area's name. Failures are left for the browser to retry.
 * Returns the account the queries are keyed by, for the page to explore with.
 */
export async function prefetchExplorer(
  params: URLSearchParams,
  context: PlacesCallerContext,
): Promise<{ dehydrated: DehydratedState; account: PlacesAccount }> {
  const client = new QueryClient();
  const credentials = await resolvePlacesCredentials(context).catch(() => null);
  const account = credentials?.organizationId ?? PUBLIC_ACCOUNT;
  const state = parseExplorerState(params);
  const request = searchRequestParams(state);
  const tile = state.circle ? nearbyTileKey(state.circle.lon, state.circle.lat) : null;
  await Promise.all([
    request && client.prefetchQuery({ ...searchQuery(request, account), queryFn: () => searchPlaces(request, credentials) }),
    client.prefetchQuery({ ...listsQuery(account), queryFn: () => fetchPlaceLists(credentials) }),
    // The area's name ("Within 150 km of Denver, CO") is in the first HTML, not swapped in after the coordinates.
    tile !== null && client.prefetchQuery({ ...nearbyQuery(tile), queryFn: () => readNearbyTile(tile) }),
    state.place !== null &&
      client.prefetchQuery({
        ...placeQuery(state.place, account),
        queryFn: () => placesGet<{ data: Place }>(`canonical_places/${state.place}`, credentials).then((r) => r.data),
      }),
  ]);
  return { dehydrated: dehydrate(client), account };
}
