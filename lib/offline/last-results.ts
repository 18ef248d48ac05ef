import { dehydrate, hydrate, type Query, type QueryClient } from '@tanstack/react-query';
import { deviceDb, type LastResults } from './device-db';

/** The map's last few views of clusters: enough for the view it showed, and a little panning. */
const CLUSTER_VIEWS = 3;

/** The answers the Explorer drew its list and map from: the account, its filter lists, this search and its clusters. */
function shownQueries(queryClient: QueryClient, account: string, searchQuery: string) {
  const clusters = queryClient
    .getQueryCache()
    .findAll({ queryKey: ['places', account, 'clusters'], predicate: (q) => q.state.status === 'success' })
    .sort((a, b) => b.state.dataUpdatedAt - a.state.dataUpdatedAt)
    .slice(0, CLUSTER_VIEWS);
  const recentClusters = new Set(clusters.map((q) => q.queryHash));
  return (query: Query) => {
    if (query.state.status !== 'success') return false;
    const [head, a, kind, key] = query.queryKey;
    if (head === 'session' && a === 'places-account') return true;
    if (head !== 'places' || a !== account) return false;
    return kind === 'lists' || (kind === 'search' && key === searchQuery) || recentClusters.has(query.queryHash);
  };
}

export async function rememberLastResults(queryClient: QueryClient, account: string, searchQuery: string, search: string): Promise<void> {
  const queries = dehydrate(queryClient, { shouldDehydrateQuery: shownQueries(queryClient, account, searchQuery) });
  const record: LastResults = { key: 'last', search, queries, at: new Date().toISOString() };
  await (await deviceDb()).put('explorer', record);
}

/** Puts the last results back in the page's cache; answers where they were shown, or null when none are kept. */
export async function restoreLastResults(queryClient: QueryClient): Promise<Pick<LastResults, 'search' | 'at'> | null> {
  const last = await (await deviceDb()).get('explorer', 'last');
  if (!last) return null;
  hydrate(queryClient, last.queries);
  return { search: last.search, at: last.at };
}
