import type { IncomingMessage, ServerResponse } from 'node:http';
import { isUnavailable } from '@/lib/db/postgres/errors';
import { logger } from '@/lib/core/logger';
import { limitRefusals, timedStoreQuery } from '@/lib/metrics/metrics';
import type { LimitRule, LimitStore } from '@/lib/limits';
import { perMinuteRule, take } from '@/lib/server/rate-limit';
import { type AccountConfig, accountView, placeInScope, scopeSearchTags } from '../auth/account';
import { DEFAULT_CLIENT_CONCURRENCY, DEFAULT_RATE_PER_MINUTE } from '@/lib/config/client-budget';
import { MAX_LIMIT } from '../contract/limits';
import { authenticateRequest } from '../auth/authenticate';
import type { ApiClients, ApiClientWithSecret } from '../auth/api-clients/types';
import type { NamedId } from '../catalog';
import { ApiError, invalid } from '../errors';
import { imageSvg, parseMediaPath } from '../media';
import { parseSearchQuery } from '../query/search-query';
import { parseClusterQuery } from '../query/cluster-query';
import { clusterSearch, clustersJson } from '../clusters/cluster-search';
import { Serializer } from '../serialize';
import { searchesWholeDataset } from '../store/search-plan';
import type { PlaceStore, SearchQuery } from '../store/types';
import { sendError, sendJson } from './respond';


/** The class a search is timed under in /metrics: what decides how the store reads it. */
function searchClass(q: SearchQuery): string {
  if (q.route) return 'route';
  if (q.locations) return 'locations';
  if (searchesWholeDataset(q)) return 'name-alone';
  return q.box ? 'circle-and-box' : 'circle';
}

export interface PlacesHttpDeps {
  store: PlaceStore;
  clients: Pick<ApiClients, 'get'>;
  openapi: object;
  limits: LimitStore;
  /** Seconds' worth of a client's rate let through at once, the length of its limit's window; 10 by default. */
  burstSeconds?: number;
  /** The rate of a client configured without one; DEFAULT_RATE_PER_MINUTE by default. */
  defaultRatePerMinute?: number;
  /** Requests of one client this process works on at once; DEFAULT_CLIENT_CONCURRENCY by default. */
  clientConcurrency?: number;
}

const PLACE_ID = /^[1-9]\d{0,15}$/;

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

const RV_LISTS = { '/api/v2/rv_service/serviced_makes': 'serviced_makes', '/api/v2/rv_service/rv_types': 'rv_types', '/api/v2/rv_service/available_services': 'available_services' } as const;

/** The raw request target from /api/v2/ on, as the client sent and signed it (absolute-form targets lose their origin). */
function rawTarget(req: IncomingMessage): string {
  const target = req.url ?? '/';
  return target.startsWith('/') ? target : target.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, '');
}

function rawQuery(target: string): string {
  const q = target.indexOf('?');
  return q < 0 ? '' : target.slice(q + 1);
}

/**
 * The Place API over plain Node HTTP: parse, authorize, call one store function, respond. It knows the store only
 * through the PlaceStore interface.
 */
export function createPlacesHandler(deps: PlacesHttpDeps) {
  const { store, clients } = deps;
  const openapiJson = JSON.stringify(deps.openapi);
  const rules = new Map<number, LimitRule>();
  const concurrency = deps.clientConcurrency ?? DEFAULT_CLIENT_CONCURRENCY;
  /** Requests of each client this process is working on (authenticated, not yet answered). */
  const inFlight = new Map<string, number>();
  /** One budget per client at its account's rate, `burstSeconds` (ten seconds) worth a window, shared by every instance. */
  function takeToken(clientId: string, configured: number | null) {
    const perMinute = configured ?? deps.defaultRatePerMinute ?? DEFAULT_RATE_PER_MINUTE;
    let rule = rules.get(perMinute);
    if (!rule) rules.set(perMinute, (rule = perMinuteRule('place-api', perMinute, deps.burstSeconds ?? 10)));
    return take(deps.limits, rule, clientId);
  }
  let tags: NamedId[] = [];
  let chains: NamedId[] = [];
  let knownChains = new Set<string>();
  let vocabAt = 0;
  let serializers = new WeakMap<AccountConfig, Serializer>();

  async function vocabulary() {
    if (Date.now() - vocabAt > 10_000) {
      tags = await store.tags();
      chains = await store.chains();
      knownChains = new Set(chains.map((c) => c.public_id));
      serializers = new WeakMap();
      vocabAt = Date.now();
    }
  }

  function serializerFor(config: AccountConfig) {
    let s = serializers.get(config);
    if (!s) serializers.set(config, (s = new Serializer(accountView(config), tags, chains)));
    return s;
  }

  async function api(req: IncomingMessage, res: ServerResponse, url: URL, head: boolean): Promise<void> {
    const path = url.pathname;
    if (path === '/api/v2/openapi.json') return sendJson(res, 200, openapiJson, head, { 'cache-control': 'public, max-age=300' });
    const target = rawTarget(req);
    const client = await authenticateRequest(req.headers, target, clients);
    // Fairness within this process: a client's requests past its share wait for nothing and spend no budget.
    const busy = inFlight.get(client.client_id) ?? 0;
    if (busy >= concurrency) {
      limitRefusals.inc({ limit: 'place-api-in-flight' });
      return sendError(res, new ApiError('rate_limited', `too many requests at once: at most ${concurrency} in progress per client, retry after 1 s`), head, { 'retry-after': '1' });
    }
    inFlight.set(client.client_id, busy + 1);
    try {
      return await answer(req, res, url, head, target, client);
    } finally {
      const left = (inFlight.get(client.client_id) ?? 1) - 1;
      if (left > 0) inFlight.set(client.client_id, left);
      else inFlight.delete(client.client_id);
    }
  }

  async function answer(req: IncomingMessage, res: ServerResponse, url: URL, head: boolean, target: string, client: ApiClientWithSecret): Promise<void> {
    const path = url.pathname;
    const token = await takeToken(client.client_id, client.config.rate_limit_per_minute);
    if (!token.allowed) {
      const wait = String(token.retryAfterSeconds);
      return sendError(res, new ApiError('rate_limited', `too many requests: retry after ${wait} s`), head, { 'retry-after': wait });
    }
    await vocabulary();
    const account = accountView(client.config);
    const query = rawQuery(target);

    if (path === '/api/v2/search') {
      const q = scopeSearchTags(parseSearchQuery(query, account, knownChains), client.config);
      return sendJson(res, 200, serializerFor(client.config).search(await timedStoreQuery(searchClass(q), () => store.search(q))), head);
    }
    if (path === '/api/v2/search/clusters') {
      const request = parseClusterQuery(query, account, knownChains);
      const result = await timedStoreQuery('clusters', () => clusterSearch(store, { ...request, query: scopeSearchTags(request.query, client.config) }));
      return sendJson(res, 200, clustersJson(result, request.zoom), head);
    }
    if (path === '/api/v2/canonical_places') {
      // A batch read: one request of the budget and one read of the store, like a search page of as many places.
      const ids = parseIds(query);
      const found = await timedStoreQuery('details-batch', () => store.places([...new Set(ids)]));
      const serializer = serializerFor(client.config);
      const data = ids.map((id) => {
        const hit = found.get(id);
        return hit && placeInScope(hit.tags, client.config) ? serializer.place(hit) : 'null';
      });
      return sendJson(res, 200, `{"data":[${data.join(',')}]}`, head);
    }
    if (path.startsWith('/api/v2/canonical_places/')) {
      const id = path.slice('/api/v2/canonical_places/'.length);
      if (!/^[1-9]\d{0,15}$/.test(id) || !Number.isSafeInteger(Number(id))) throw invalid('place_id', 'place_id must be a positive integer');
      if (query) throw invalid(new URLSearchParams(query).keys().next().value ?? 'query', 'place details take no query parameters');
      const hit = await timedStoreQuery('details', () => store.details(Number(id)));
      // Outside the account's scope is the same answer as no place at all, so ids cannot be counted.
      if (!hit || !placeInScope(hit.tags, client.config)) throw new ApiError('not_found', `no place with id ${id}`);
      return sendJson(res, 200, serializerFor(client.config).details(hit), head);
    }
    if (query && (path === '/api/v2/tags' || path === '/api/v2/chains' || path in RV_LISTS)) {
      throw invalid(new URLSearchParams(query).keys().next().value ?? 'query', 'lists take no query parameters');
    }
    if (path === '/api/v2/tags') {
      return sendJson(res, 200, JSON.stringify({ data: tags.filter((t) => account.tagVisible(t.public_id)) }), head);
    }
    if (path === '/api/v2/chains') {
      return sendJson(res, 200, JSON.stringify({ data: chains.filter((c) => account.chainVisible(c.public_id)) }), head);
    }
    if (path in RV_LISTS) {
      if (!client.config.rv_service) throw new ApiError('forbidden', 'RV service data is not part of this client’s account configuration');
      const lists = await store.rvLists();
      return sendJson(res, 200, JSON.stringify({ data: lists[RV_LISTS[path as keyof typeof RV_LISTS]] }), head);
    }
    throw new ApiError('not_found', 'no such endpoint');
  }

  return async function handle(req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean> {
    const path = url.pathname;
    const isApi = path === '/api/v2' || path.startsWith('/api/v2/');
    const isMedia = path.startsWith('/media/');
    if (!isApi && !isMedia) return false;
    const head = req.method === 'HEAD';
    try {
      if (req.method !== 'GET' && !head) {
        throw new ApiError('method_not_allowed', `${String(req.method).slice(0, 16)} is not allowed: use GET`);
      }
      if (isMedia) {
        const media = parseMediaPath(path);
        if (!media) throw new ApiError('not_found', 'no such image');
        const svg = imageSvg(media.placeId, media.n, media.size);
        res.writeHead(200, { 'content-type': 'image/svg+xml', 'cache-control': 'public, max-age=31536000, immutable', 'content-length': String(Buffer.byteLength(svg)) });
        res.end(head ? undefined : svg);
        return true;
      }
      await api(req, res, url, head);
    } catch (err) {
      if (err instanceof ApiError) {
        sendError(res, err, head, err.code === 'method_not_allowed' ? { allow: 'GET, HEAD' } : {});
      } else if (isUnavailable(err)) {
        logger.warn('place store unavailable', { path, error: (err as Error).message });
        sendError(res, new ApiError('unavailable', 'the place store is unavailable: try again in a few seconds'), head, { 'retry-after': '5' });
      } else {
        logger.error('places request failed', { path, error: String((err as Error)?.stack ?? err) });
        sendJson(res, 500, JSON.stringify({ error: { code: 'internal_error', message: 'internal error' } }), head);
      }
    }
    return true;
  };
}
