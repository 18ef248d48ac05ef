import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';
import { fetchJson } from '@/lib/explorer/fetch-json';
import type { Units } from '@/lib/explorer/geo';
import type { ListSearchResponse, PlaceListItem } from '@/lib/explorer/types';
import type { ExplorerState } from '@/lib/explorer/url-state';
import { MAX_LIMIT } from '@/lib/places/contract/limits';
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
  // A stop added from the results changes the line, so the search is asked again: as many places as were listed (after
  // Show more too), so the list and the keyboard's place in it stay. Another search starts at one page.
  const search = `${corridorKm(width, units)}|${JSON.stringify(filters)}`;
  const listed = useRef({ search, count: 0 });
  const results = useInfiniteQuery({
    queryKey: ['places', account, 'along', base],
    queryFn: ({ pageParam, signal }) => {
      const p = new URLSearchParams(base);
      p.set('offset', String(pageParam));
      if (pageParam === 0 && listed.current.search === search) p.set('limit', String(Math.min(MAX_LIMIT, Math.max(ALONG_PAGE_SIZE, listed.current.count))));
      return fetchJson<ListSearchResponse>(`/api/places/search?${p}`, signal);
    },
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const shown = pages.reduce((n, page) => n + page.data.length, 0);
      return shown < last.meta.total ? shown : undefined;
    },
    enabled: searched && account !== undefined,
    staleTime: 5 * 60_000,
    // A stop added from the results asks again: the list stays meanwhile, so the place added is still there to return to.
    placeholderData: keepPreviousData,
  });
  const places = useMemo(() => results.data?.pages.flatMap((p) => p.data) ?? [], [results.data]);
  useEffect(() => {
    listed.current = { search, count: places.length };
    onResults(places);
  }, [places, onResults, search]);
  return { results, places };
}
