'use client';

import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { clusterRequestParams, type Viewport } from '@/lib/explorer/cluster-request';
import type { PlacesAccount } from '@/lib/explorer/queries/account-query';
import { clustersQuery } from '@/lib/explorer/queries/clusters-query';
import { placeQuery } from '@/lib/explorer/queries/place-query';
import { searchQuery } from '@/lib/explorer/queries/search-query';
import { nearestRequestParams } from '@/lib/explorer/nearest';
import { searchRequestParams } from '@/lib/explorer/search-request';
import type { ExplorerState } from '@/lib/explorer/url-state';

/**
 * What the Explorer asks the Place API for its state: the page of results, the nearest match when there is none, the
 * open place, and the clusters in the map's view. `listsPending`: the account's filter lists are still loading.
 */
export function useExplorerSearch(state: ExplorerState, account: PlacesAccount, listsPending: boolean, viewport: Viewport | null) {
  const requestParams = useMemo(() => searchRequestParams(state), [state]);
  // Wait for the account's filter lists, so a search never carries a filter the account does not know.
  const search = useQuery({ ...searchQuery(requestParams, account), enabled: requestParams !== null && !listsPending });
  // An empty search says where the nearest match is, with the same filters, and offers to reach it.
  const nearestParams = useMemo(() => nearestRequestParams(requestParams), [requestParams]);
  const emptySearch = search.data?.meta.total === 0 && !search.isPlaceholderData;
  const nearest = useQuery({ ...searchQuery(nearestParams, account), enabled: emptySearch && nearestParams !== null, placeholderData: undefined });
  // The open place's details (shared with the drawer): its marker shows even when it is not among the results.
  const selectedPlace = useQuery(placeQuery(state.place, account)).data ?? null;
  const places = useMemo(() => (requestParams ? (search.data?.data ?? []) : []), [requestParams, search.data]);
  // Every match in the map's view, grouped by the Place API (the list stays paged).
  const clusterParams = useMemo(() => clusterRequestParams(requestParams, viewport), [requestParams, viewport]);
  const clusters = useQuery({ ...clustersQuery(clusterParams, account), enabled: clusterParams !== null && !listsPending });
  return {
    requestParams,
    search,
    nearest: emptySearch ? (nearest.data?.data[0] ?? null) : null,
    selectedPlace,
    places,
    clusters: clusterParams ? clusters.data : undefined,
    total: requestParams ? (search.data?.meta.total ?? null) : null,
  };
}
