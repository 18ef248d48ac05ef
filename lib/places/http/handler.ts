import type { IncomingMessage, ServerResponse } from 'node:http';
import { isUnavailable } from '@/lib/db/postgres/errors';
import { logger } from '@/lib/core/logger';
import { limitRefusals } from '@/lib/metrics/metrics';
import type { LimitStore } from '@/lib/limits';
import { accountView } from '../auth/account';
import { authenticateRequest } from '../auth/authenticate';
import type { ApiClients, ApiClientWithSecret } from '../auth/api-clients/types';
import { ApiError } from '../errors';
import { imageSvg, parseMediaPath } from '../media';
import type { PlaceStore } from '../store/types';
import { ClientRates, ClientsInFlight } from './client-limits';
import { placesRoute } from './endpoints';
import { sendError, sendJson } from './respond';
import { Vocabulary } from './vocabulary';

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

const OPENAPI_PATH = '/api/v2/openapi.json';

/** The raw request target from /api/v2/ on, as the client sent and signed it (absolute-form targets lose their origin). */
function rawTarget(req: IncomingMessage): string {
  const target = req.url ?? '/';
  return target.startsWith('/') ? target : target.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, '');
}

function rawQuery(target: string): string {
  const q = target.indexOf('?');
  return q < 0 ? '' : target.slice(q + 1);
}

/** Every path of the Place API and its images takes GET and HEAD only, refused before anything else is checked. */
function refuseOtherMethods(method: string | undefined) {
  if (method !== 'GET' && method !== 'HEAD') throw new ApiError('method_not_allowed', `${String(method).slice(0, 16)} is not allowed: use GET`);
}

function serveImage(res: ServerResponse, path: string, head: boolean) {
  const media = parseMediaPath(path);
  if (!media) throw new ApiError('not_found', 'no such image');
  const svg = imageSvg(media.placeId, media.n, media.size);
  res.writeHead(200, { 'content-type': 'image/svg+xml', 'cache-control': 'public, max-age=31536000, immutable', 'content-length': String(Buffer.byteLength(svg)) });
  res.end(head ? undefined : svg);
}

/** The API's error for a refusal, a 503 for a store that is down, a 500 (logged) for anything else. */
function sendFailure(res: ServerResponse, err: unknown, path: string, head: boolean) {
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

/**
 * The Place API over plain Node HTTP: parse, authorize, call one store function, respond. It knows the store only
 * through the PlaceStore interface.
 */
export function createPlacesHandler(deps: PlacesHttpDeps) {
  const { store } = deps;
  const openapiJson = JSON.stringify(deps.openapi);
  const rates = new ClientRates(deps.limits, deps.defaultRatePerMinute, deps.burstSeconds);
  const inFlight = new ClientsInFlight(deps.clientConcurrency);
  const vocabulary = new Vocabulary(store);

  /** The OpenAPI document for anyone; every other path for an authenticated client within its share of this process. */
  async function api(req: IncomingMessage, res: ServerResponse, url: URL, head: boolean): Promise<void> {
    if (url.pathname === OPENAPI_PATH) return sendJson(res, 200, openapiJson, head, { 'cache-control': 'public, max-age=300' });
    const target = rawTarget(req);
    const client = await authenticateRequest(req.headers, target, deps.clients);
    // Fairness within this process: a client's requests past its share wait for nothing and spend no budget.
    if (!inFlight.enter(client.client_id)) {
      limitRefusals.inc({ limit: 'place-api-in-flight' });
      return sendError(res, new ApiError('rate_limited', `too many requests at once: at most ${inFlight.limit} in progress per client, retry after 1 s`), head, { 'retry-after': '1' });
    }
    try {
      return await answer(res, url.pathname, head, rawQuery(target), client);
    } finally {
      inFlight.leave(client.client_id);
    }
  }

  /** Spends one request of the client's budget, then the path's endpoint answers (a path of none is a 404). */
  async function answer(res: ServerResponse, path: string, head: boolean, query: string, client: ApiClientWithSecret): Promise<void> {
    const token = await rates.take(client.client_id, client.config.rate_limit_per_minute);
    if (!token.allowed) {
      const wait = String(token.retryAfterSeconds);
      return sendError(res, new ApiError('rate_limited', `too many requests: retry after ${wait} s`), head, { 'retry-after': wait });
    }
    await vocabulary.refresh();
    const route = placesRoute(path, 'GET');
    if (!route?.found) throw new ApiError('not_found', 'no such endpoint');
    await route.action({ res, head, store, vocabulary, client, account: accountView(client.config), query, params: route.params });
  }

  return async function handle(req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean> {
    const path = url.pathname;
    const isApi = path === '/api/v2' || path.startsWith('/api/v2/');
    const isMedia = path.startsWith('/media/');
    if (!isApi && !isMedia) return false;
    const head = req.method === 'HEAD';
    try {
      refuseOtherMethods(req.method);
      if (isMedia) serveImage(res, path, head);
      else await api(req, res, url, head);
    } catch (err) {
      sendFailure(res, err, path, head);
    }
    return true;
  };
}
