import type { ServerResponse } from 'node:http';
import { timedStoreQuery } from '@/lib/metrics/metrics';
import { routeTable } from '@/lib/http/route-table';
import { type AccountView, placeInScope, scopeSearchTags } from '../auth/account';
import type { ApiClientWithSecret } from '../auth/api-clients/types';
import { MAX_LIMIT } from '../contract/limits';
import { ApiError, invalid } from '../errors';
import { parseSearchQuery } from '../query/search-query';
import { parseClusterQuery } from '../query/cluster-query';
import { clusterSearch, clustersJson } from '../clusters/cluster-search';
import { searchesWholeDataset } from '../store/search-plan';
import type { PlaceStore, RvLists, SearchQuery } from '../store/types';
import { travelerContent, travelerSummaries } from '../traveler-content';
import { sendJson } from './respond';
import type { Vocabulary } from './vocabulary';

/** One Place API request past its client's checks and budget: what an endpoint answers from. */
export interface PlacesRequest {
  res: ServerResponse;
  head: boolean;
  store: PlaceStore;
  vocabulary: Vocabulary;
  client: ApiClientWithSecret;
  account: AccountView;
  /** The raw query string, as the client sent and signed it. */
  query: string;
  params: Record<string, string>;
}

type Endpoint = (call: PlacesRequest) => Promise<void>;

const PLACE_ID = /^[1-9]\d{0,15}$/;

/** The class a search is timed under in /metrics: what decides how the store reads it. */
function searchClass(q: SearchQuery): string {
  if (q.route) return 'route';
  if (q.locations) return 'locations';
  if (searchesWholeDataset(q)) return 'name-alone';
  return q.box ? 'circle-and-box' : 'circle';
}

/** `ids` of a batch read: 1 to MAX_LIMIT place ids, comma-separated, the only parameter. */
function parseIds(query: string): number[] {
  const params = new URLSearchParams(query);
  for (const name of params.keys()) if (name !== 'ids') throw invalid(name, `${name} is not a parameter of this endpoint: give ids`);
  const given = params.getAll('ids');
  if (given.length > 1) throw invalid('ids', 'ids must be given only once');
  const entries = given.length ? given[0].split(',') : [];
  if (entries.length < 1 || entries.length > MAX_LIMIT || !entries.every((e) => PLACE_ID.test(e) && Number.isSafeInteger(Number(e)))) {
    throw invalid('ids', `ids must be 1 to ${MAX_LIMIT} comma-separated place ids (positive integers)`);
  }
  return entries.map(Number);
}

/** Refuses a query string, naming its first parameter. */
function refuseQuery(query: string, message: string) {
  if (query) throw invalid(new URLSearchParams(query).keys().next().value ?? 'query', message);
}

async function search({ res, head, store, vocabulary, client, account, query }: PlacesRequest) {
  const q = scopeSearchTags(parseSearchQuery(query, account, vocabulary.knownChains), client.config);
  const result = await timedStoreQuery(searchClass(q), () => store.search(q));
  const travelers = await travelerSummaries(result.hits.map((h) => h.id));
  sendJson(res, 200, vocabulary.serializerFor(client.config).search(result, travelers), head);
}

async function clusters({ res, head, store, vocabulary, client, account, query }: PlacesRequest) {
  const request = parseClusterQuery(query, account, vocabulary.knownChains);
  const result = await timedStoreQuery('clusters', () => clusterSearch(store, { ...request, query: scopeSearchTags(request.query, client.config) }));
  sendJson(res, 200, clustersJson(result, request.zoom), head);
}

/** A batch read: one request of the budget and one read of the store, like a search page of as many places. */
async function placesById({ res, head, store, vocabulary, client, query }: PlacesRequest) {
  const ids = parseIds(query);
  const found = await timedStoreQuery('details-batch', () => store.places([...new Set(ids)]));
  const serializer = vocabulary.serializerFor(client.config);
  const travelers = await travelerSummaries([...found.values()].map((hit) => hit.id));
  const data = ids.map((id) => {
    const hit = found.get(id);
    return hit && placeInScope(hit.tags, client.config) ? serializer.place(hit, travelers.get(hit.id)) : 'null';
  });
  sendJson(res, 200, `{"data":[${data.join(',')}]}`, head);
}

async function placeDetails({ res, head, store, vocabulary, client, query, params }: PlacesRequest) {
  const id = params.place_id;
  if (!PLACE_ID.test(id) || !Number.isSafeInteger(Number(id))) throw invalid('place_id', 'place_id must be a positive integer');
  refuseQuery(query, 'place details take no query parameters');
  const hit = await timedStoreQuery('details', () => store.details(Number(id)));
  // Outside the account's scope is the same answer as no place at all, so ids cannot be counted.
  if (!hit || !placeInScope(hit.tags, client.config)) throw new ApiError('not_found', `no place with id ${id}`);
  const travelers = await travelerContent()?.placeContent(hit.id);
  sendJson(res, 200, vocabulary.serializerFor(client.config).details(hit, travelers), head);
}

const LISTS_TAKE_NO_QUERY = 'lists take no query parameters';

async function tags({ res, head, vocabulary, account, query }: PlacesRequest) {
  refuseQuery(query, LISTS_TAKE_NO_QUERY);
  sendJson(res, 200, JSON.stringify({ data: vocabulary.tags.filter((t) => account.tagVisible(t.public_id)) }), head);
}

async function chains({ res, head, vocabulary, account, query }: PlacesRequest) {
  refuseQuery(query, LISTS_TAKE_NO_QUERY);
  sendJson(res, 200, JSON.stringify({ data: vocabulary.chains.filter((c) => account.chainVisible(c.public_id)) }), head);
}

/** One of the RV service's lists, for accounts configured with RV service data. */
function rvList(name: keyof RvLists): Endpoint {
  return async ({ res, head, store, client, query }) => {
    refuseQuery(query, LISTS_TAKE_NO_QUERY);
    if (!client.config.rv_service) throw new ApiError('forbidden', 'RV service data is not part of this client’s account configuration');
    const lists = await store.rvLists();
    sendJson(res, 200, JSON.stringify({ data: lists[name] }), head);
  };
}

/**
 * The Place API's endpoints past authentication, each read with GET (HEAD is GET without the body: the handler
 * refuses every other method before it looks a path up). `:place_id` takes anything, so a bad id is a 400 that
 * names the parameter, not a 404.
 */
export const placesRoute = routeTable<Endpoint>(
  '/api/v2',
  [
    { method: 'GET', path: '/search', action: search },
    { method: 'GET', path: '/search/clusters', action: clusters },
    { method: 'GET', path: '/canonical_places', action: placesById },
    { method: 'GET', path: '/canonical_places/:place_id', action: placeDetails },
    { method: 'GET', path: '/tags', action: tags },
    { method: 'GET', path: '/chains', action: chains },
    { method: 'GET', path: '/rv_service/serviced_makes', action: rvList('serviced_makes') },
    { method: 'GET', path: '/rv_service/rv_types', action: rvList('rv_types') },
    { method: 'GET', path: '/rv_service/available_services', action: rvList('available_services') },
  ],
  { place_id: '.*' },
);
