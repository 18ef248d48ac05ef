import { Counter, Histogram, Registry } from 'prom-client';

/**
 * This process's metrics, served by GET /metrics. Module-level, so that several app servers in one process (the
 * tests) share them instead of registering the same names twice.
 */
export const registry = new Registry();

export const httpRequests = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'HTTP requests by route class, method and status, with their latency',
  labelNames: ['route', 'method', 'status'] as const,
  buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10],
  registers: [registry],
});

export const limitRefusals = new Counter({
  name: 'rate_limit_refusals_total',
  help: 'Requests refused with 429 by a rate limit (place-api, explorer-visitor)',
  labelNames: ['limit'] as const,
  registers: [registry],
});

export const throttleRefusals = new Counter({
  name: 'login_throttle_refusals_total',
  help: 'Sign-in attempts refused by the login throttle, by the budget that refused',
  labelNames: ['budget'] as const,
  registers: [registry],
});

export const limitStoreFallbacks = new Counter({
  name: 'limit_store_fallbacks_total',
  help: 'Limit operations answered by this instance\'s memory because the shared store failed',
  labelNames: ['limit'] as const,
  registers: [registry],
});

export const limitStoreMalformed = new Counter({
  name: 'limit_store_malformed_values_total',
  help: 'Values found in the shared limit store that were not counts (deleted)',
  labelNames: ['limit'] as const,
  registers: [registry],
});

export const placeStoreQueries = new Histogram({
  name: 'place_store_query_duration_seconds',
  help: 'Place store reads by class (circle, circle-and-box, route, locations, name-alone, clusters, details), with their latency',
  labelNames: ['class'] as const,
  buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
  registers: [registry],
});

/** Times one store read under its class; a read that fails is timed too. */
export async function timedStoreQuery<T>(queryClass: string, read: () => Promise<T>): Promise<T> {
  const end = placeStoreQueries.startTimer({ class: queryClass });
  try {
    return await read();
  } finally {
    end();
  }
}
