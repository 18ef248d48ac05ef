import { describe, expect, it } from 'vitest';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { limitStoreOn } from '@/lib/limits';
import { memoryEngine } from '@/lib/limits/memory';
import { createVisitorLimit } from '@/lib/server/visitor-limit';

const trust = { trustProxy: false, trustProxyHops: 1 };

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
  it('bursts half a minute\'s worth, then refuses with a 429 that says when to come back', async () => {
    const refuse = createVisitorLimit(6, trust, limitStoreOn(memoryEngine()));
    const results = [];
    for (let i = 0; i < 4; i++) {
      const { req, res } = exchange('203.0.113.1');
      results.push(await refuse(req, res, '/api/places/search'));
    }
    expect(results).toEqual([false, false, false, true]);
    const { req, res, sent } = exchange('203.0.113.1');
    expect(await refuse(req, res, '/api/trips/abc')).toBe(true);
    expect(sent.status).toBe(429);
    // 6 a minute: 3 per 30-second window, and this window has (about) 30 s left.
    expect(sent.headers).toEqual({ 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', 'retry-after': '30' });
    expect(JSON.parse(sent.body!)).toEqual({ error: { code: 'rate_limited', message: 'too many requests from this address: retry after 30 s' } });
  });

  it('gives a budget of one a burst of one, and never counts other paths', async () => {
    const refuse = createVisitorLimit(1, trust, limitStoreOn(memoryEngine()));
    const call = (path: string) => {
      const { req, res } = exchange('198.51.100.2');
      return refuse(req, res, path);
    };
    expect([await call('/api/places'), await call('/api/places/lists')]).toEqual([false, true]);
    const others = ['/api/auth/session', '/api/placesx', '/healthz', '/api/v2/search'];
    for (const path of others) expect(await call(path)).toBe(false);
  });
});
