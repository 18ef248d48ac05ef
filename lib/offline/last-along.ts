import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { ListSearchResponse, PlaceListItem } from '@/lib/explorer/types';

/** The places of the page's latest "find along" answer (every page of it), when it was loaded; null before any. */
export function lastAlongResults(queryClient: QueryClient, account?: string): { places: PlaceListItem[]; at: number } | null {
  const answered = queryClient.getQueryCache().findAll({
    queryKey: account === undefined ? ['places'] : ['places', account],
    predicate: (q) => q.queryKey[2] === 'along' && q.state.status === 'success',
  });
  const last = answered.sort((a, b) => b.state.dataUpdatedAt - a.state.dataUpdatedAt)[0];
  if (!last) return null;
  const pages = (last.state.data as InfiniteData<ListSearchResponse>).pages;
  return { places: pages.flatMap((p) => p.data), at: last.state.dataUpdatedAt };
}
