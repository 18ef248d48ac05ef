import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { fetchJson } from '@/lib/explorer/fetch-json';
import type { Units } from '@/lib/explorer/geo';
import type { ListSearchResponse, PlaceListItem } from '@/lib/explorer/types';
import type { ExplorerState } from '@/lib/explorer/url-state';
import { ALONG_PAGE_SIZE, alongSearchParams } from '@/lib/trips/along-search';
import { corridorKm } from '@/lib/trips/corridor';
import type { RouteLine } from '@/lib/trips/route-line';

interface Search {
  /** The trip's line: along its roads where it is routed on roads. */
  line: RouteLine;
  /** The corridor's width, in `units`. */
  width: number;
  units: Units;
  filters: ExplorerState;
  /** Asked for once the traveler has searched and the account (part of the query's key) is known. */
  searched: boolean;
  account: string | undefined;
  /** The places listed so far, for the map. */
  onResults: (places: PlaceListItem[]) => void;
}

/** The places along the trip, page after page, ordered along it. */
export function useAlongResults({ line, width, units, filters, searched, account, onResults }: Search) {
  const base = useMemo(() => alongSearchParams(line, corridorKm(width, units), filters).toString(), [line, width, units, filters]);
  const results = useInfiniteQuery({
    queryKey: ['places', account, 'along', base],
    queryFn: ({ pageParam, signal }) => {
      const p = new URLSearchParams(base);
      p.set('offset', String(pageParam));
      return fetchJson<ListSearchResponse>(`/api/places/search?${p}`, signal);
    },
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const shown = pages.length * ALONG_PAGE_SIZE;
      return shown < last.meta.total ? shown : undefined;
    },
    enabled: searched && account !== undefined,
    staleTime: 5 * 60_000,
    // A stop added from the results asks again: the list stays meanwhile, so the place added is still there to return to.
    placeholderData: keepPreviousData,
  });
  const places = useMemo(() => results.data?.pages.flatMap((p) => p.data) ?? [], [results.data]);
  useEffect(() => onResults(places), [places, onResults]);
  return { results, places };
}
