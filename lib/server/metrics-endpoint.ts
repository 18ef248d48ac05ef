import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Gauge } from 'prom-client';
import type { LimitStore } from '@/lib/limits';
import type { HealthChecks } from '@/lib/core/health';
import { registry } from '@/lib/metrics/metrics';

const storeGauge = new Gauge({
  name: 'store_check_ok',
  help: 'Each /healthz check of the stores (place store primary and replicas, limit store): 1 when it passes',
  labelNames: ['check'] as const,
  registers: [registry],
});

const limitGauge = new Gauge({
  name: 'limit_store_state',
  help: 'The limit store: redis_up, pg_up, pg_pool_total/idle/waiting (its own pool), limits_degraded',
  labelNames: ['engine', 'name'] as const,
  registers: [registry],
});

const digest = (s: string) => createHash('sha256').update(s).digest();

/** Compares the bearer token in constant time (both sides hashed first, so their lengths do not matter). */
function authorized(req: IncomingMessage, token: string): boolean {
  const header = req.headers.authorization ?? '';
  const presented = /^Bearer ([^\s]+)$/i.exec(header)?.[1] ?? '';
  return timingSafeEqual(digest(presented), digest(token)) && presented.length > 0;
}

export interface MetricsSources {
  limits: LimitStore;
  checks: () => HealthChecks;
}

/**
 * GET /metrics in the Prometheus text format, for the bearer token of METRICS_TOKEN only: 401 with a
 * WWW-Authenticate challenge without it (the caller is told what is missing; the numbers stay closed).
 */
export async function serveMetrics(req: IncomingMessage, res: ServerResponse, token: string, sources: MetricsSources): Promise<void> {
  if (!authorized(req, token)) {
    res.writeHead(401, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', 'www-authenticate': 'Bearer realm="metrics"' });
    res.end(JSON.stringify({ error: { code: 'unauthorized', message: 'metrics need the bearer token of METRICS_TOKEN' } }));
    return;
  }
  storeGauge.reset();
  for (const [check, value] of Object.entries(sources.checks())) storeGauge.set({ check }, value === true ? 1 : 0);
  limitGauge.reset();
  for (const [name, value] of Object.entries(sources.limits.stats())) limitGauge.set({ engine: sources.limits.engine, name }, value);
  const body = await registry.metrics();
  res.writeHead(200, { 'content-type': registry.contentType, 'cache-control': 'no-store' });
  res.end(body);
}
