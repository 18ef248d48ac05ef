import type { IncomingMessage, ServerResponse } from 'node:http';
import { addressBucket, clientAddress, type ProxyTrust } from './client-address';
import type { LimitStore } from '@/lib/limits';
import { perMinuteRule, take } from './rate-limit';

/** The Explorer's route handlers that spend the Place API's budget or write: searched, opened, listed, planned. */
const LIMITED = /^\/api\/(places|trips)(\/|$)/;

/**
 * A budget per visitor (client address, IPv6 by /64) for the Explorer's own route handlers, which call the Place
 * API with the site's client: without it one visitor could spend that client's budget for everyone. `perMinute`
 * sustained, with a burst of half a minute's worth. Checked by the custom server before Next runs the handler.
 */
export function createVisitorLimit(perMinute: number, trust: ProxyTrust, limits: LimitStore) {
  const rule = perMinuteRule('explorer-visitor', perMinute, 30);
  /** True when the request was refused (the 429 is sent). */
  return async function refuseOverBudget(req: IncomingMessage, res: ServerResponse, pathname: string): Promise<boolean> {
    if (!LIMITED.test(pathname)) return false;
    const verdict = await take(limits, rule, addressBucket(clientAddress(req, trust)));
    if (verdict.allowed) return false;
    const body = JSON.stringify({ error: { code: 'rate_limited', message: `too many requests from this address: retry after ${verdict.retryAfterSeconds} s` } });
    res.writeHead(429, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', 'retry-after': String(verdict.retryAfterSeconds) });
    res.end(body);
    return true;
  };
}
