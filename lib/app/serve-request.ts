import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AppConfig } from '@/lib/config/env';
import type { HealthChecks } from '@/lib/core/health';
import { logger } from '@/lib/core/logger';
import type { LimitStore } from '@/lib/limits';
import { httpRequests } from '@/lib/metrics/metrics';
import { routeLabel } from '@/lib/metrics/route-label';
import { serveMetrics } from '@/lib/server/metrics-endpoint';
import { originFormTarget } from '@/lib/server/request-target';
import { CLIENT_ADDRESS_HEADER, clientAddress } from '@/lib/server/client-address';
import { applySecurityHeaders, originOf, securityHeaders } from '@/lib/server/security-headers';
import type { Subsystem } from '@/lib/server/subsystem';
import { createVisitorLimit } from '@/lib/server/visitor-limit';

export type NextHandler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

/** What the custom server answers from: the subsystems in order, then Next.js (absent when the server runs without it). */
export interface Served {
  config: AppConfig;
  limits: LimitStore;
  subsystems: Subsystem[];
  next?: NextHandler;
}

export function sendJson(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
}

function decodablePath(pathname: string): boolean {
  try {
    decodeURIComponent(pathname);
    return true;
  } catch {
    return false;
  }
}

/** The subsystems' finer checks and the limit store's, for /healthz and /metrics. */
function storeChecks({ subsystems, limits }: Served): HealthChecks {
  const checks: HealthChecks = {};
  for (const s of subsystems) Object.assign(checks, s.health?.());
  return Object.assign(checks, limits.health());
}

function sendHealth(res: ServerResponse, served: Served) {
  const ready = Object.fromEntries(served.subsystems.map((s) => [s.name, s.ready()]));
  const ok = Object.values(ready).every(Boolean);
  sendJson(res, ok ? 200 : 503, { status: ok ? 'ok' : 'unavailable', checks: { ...ready, ...storeChecks(served) } });
}

/** The request's URL, once its target is a path; null when it was answered here (`OPTIONS *`, or no path at all). */
function requestUrl(req: IncomingMessage, res: ServerResponse): URL | null {
  const target = originFormTarget(req.url ?? '/');
  if (target === null) {
    // `OPTIONS *` asks what the server as a whole allows; no other request can do without a path.
    if (req.method === 'OPTIONS' && req.url === '*') {
      res.writeHead(204, { allow: 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS' });
      res.end();
    } else {
      sendJson(res, 400, { error: { code: 'bad_request', message: 'the request target must be a path' } });
    }
    return null;
  }
  req.url = target;
  try {
    return new URL(req.url ?? '/', 'http://internal');
  } catch {
    return new URL('http://internal/');
  }
}

/** Times the request in /metrics once it is answered, and logs it when LOG_REQUESTS is on. */
function observe(req: IncomingMessage, res: ServerResponse, url: URL, started: bigint, logRequests: boolean) {
  res.on('finish', () => {
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    const method = req.method === 'GET' || req.method === 'POST' || req.method === 'HEAD' ? req.method : 'other';
    httpRequests.observe({ route: routeLabel(url.pathname), method, status: String(res.statusCode) }, ms / 1000);
    // The path only: query strings can carry codes and states that do not belong in logs.
    if (logRequests) logger.info('request', { method: req.method, path: url.pathname, status: res.statusCode, ms: Math.round(ms * 10) / 10 });
  });
}

function answerUnhandled(res: ServerResponse, url: URL, err: unknown) {
  logger.error('unhandled request error', { path: url.pathname, error: String((err as Error)?.stack ?? err) });
  if (!res.headersSent) sendJson(res, 500, { error: { code: 'internal_error', message: 'internal error' } });
  else res.destroy();
}

/**
 * Serves every request on the one port: the security headers on all, then /healthz, /metrics, the subsystems in
 * order, and Next.js for the rest (within the visitor's budget); a 404 without Next.
 */
export function requestListener(served: Served) {
  const { config, limits, subsystems, next } = served;
  const headers = securityHeaders(config.publicUrl, originOf(config.mapStyleUrl ?? undefined), { development: config.mode === 'development' });
  const refuseOverBudget = createVisitorLimit(config.explorerRatePerMinute, config, limits);

  async function route(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    if (url.pathname === '/healthz') return sendHealth(res, served);
    // Without METRICS_TOKEN there is no /metrics: the path goes on like any other (404).
    if (url.pathname === '/metrics' && config.metricsToken) return serveMetrics(req, res, config.metricsToken, { limits, checks: () => storeChecks(served) });
    for (const subsystem of subsystems) {
      if (await subsystem.handle(req, res, url)) return;
    }
    // Next answers a path it cannot percent-decode (`/api/places/%zz`) with a 500; it is the client's mistake.
    if (next && !decodablePath(url.pathname)) {
      const api = url.pathname.startsWith('/api/');
      return sendJson(res, 400, { error: { code: api ? 'invalid_parameter' : 'bad_request', message: 'the path is not valid percent-encoding' } });
    }
    if (await refuseOverBudget(req, res, url.pathname)) return;
    req.headers[CLIENT_ADDRESS_HEADER] = clientAddress(req, config);
    if (next) return next(req, res);
    sendJson(res, 404, { error: { code: 'not_found', message: 'not found' } });
  }

  return async (req: IncomingMessage, res: ServerResponse) => {
    const started = process.hrtime.bigint();
    applySecurityHeaders(req, res, headers);
    const url = requestUrl(req, res);
    if (!url) return;
    observe(req, res, url, started, config.logRequests);
    try {
      await route(req, res, url);
    } catch (err) {
      answerUnhandled(res, url, err);
    }
  };
}
