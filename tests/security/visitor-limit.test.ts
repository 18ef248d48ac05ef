import { describe, expect, it } from 'vitest';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createVisitorLimit } from '@/lib/server/visitor-limit';

/** The two things the limit reads of a request, and what it writes on a refusal. */
function exchange(address: string) {
  const req = { socket: { remoteAddress: address }, headers: {} } as unknown as IncomingMessage;
  const sent: { status?: number; headers?: Record<string, string>; body?: string } = {};
  const res = {
    writeHead: (status: number, headers: Record<string, string>) => Object.assign(sent, { status, headers }),
    end: (body: string) => Object.assign(sent, { body }),
  } as unknown as ServerResponse;
  return { req, res, sent };
}

describe('the per-visitor budget', () => {
  it('bursts half a minute\'s worth, then refuses with a 429 that says when to come back', () => {
    const refuse = createVisitorLimit(6, { trustProxy: false, trustProxyHops: 1 });
    const results = Array.from({ length: 4 }, () => {
      const { req, res } = exchange('203.0.113.1');
      return refuse(req, res, '/api/places/search');
    });
    expect(results).toEqual([false, false, false, true]);
    const { req, res, sent } = exchange('203.0.113.1');
    expect(refuse(req, res, '/api/trips/abc')).toBe(true);
    expect(sent.status).toBe(429);
    // 6 a minute: one token every 10 s.
    expect(sent.headers).toEqual({ 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', 'retry-after': '10' });
    expect(JSON.parse(sent.body!)).toEqual({ error: { code: 'rate_limited', message: 'too many requests from this address: retry after 10 s' } });
  });

  it('gives a budget of one a burst of one, and never counts other paths', () => {
    const refuse = createVisitorLimit(1, { trustProxy: false, trustProxyHops: 1 });
    const call = (path: string) => {
      const { req, res } = exchange('198.51.100.2');
      return refuse(req, res, path);
    };
    expect([call('/api/places'), call('/api/places/lists')]).toEqual([false, true]);
    expect([call('/api/auth/session'), call('/api/placesx'), call('/healthz'), call('/api/v2/search')]).toEqual([false, false, false, false]);
  });
});
