// Issue 17: the Explorer's route handlers had no per-visitor limit, so one visitor could spend the site's Place API
// budget through them. The custom server now refuses a visitor over EXPLORER_RATE_PER_MINUTE with a 429.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiServer } from '../support/test-server';

describe('the per-visitor limit of the Explorer\'s route handlers', () => {
  let app: Awaited<ReturnType<typeof startApiServer>>;
  beforeAll(async () => {
    // 4 a minute: 2 per 30-second window. Behind one trusted proxy, so a test can speak for two visitors.
    app = await startApiServer({ env: { EXPLORER_RATE_PER_MINUTE: '4', TRUST_PROXY: 'true' } });
  });
  afterAll(() => app?.close());

  const from = (address: string, path: string) => fetch(`${app.url}${path}`, { headers: { 'x-forwarded-for': address } });

  it('answers 429 with Retry-After and the error shape once a visitor spends the budget, whatever the handler', async () => {
    expect((await from('203.0.113.7', '/api/places/search?center=0,0&radius=1000')).status).not.toBe(429);
    expect((await from('203.0.113.7', '/api/trips')).status).not.toBe(429);
    const refused = await from('203.0.113.7', '/api/places/lists');
    expect(refused.status).toBe(429);
    const wait = Number(refused.headers.get('retry-after'));
    expect(Number.isInteger(wait) && wait >= 1 && wait <= 30).toBe(true);
    expect(await refused.json()).toEqual({ error: { code: 'rate_limited', message: `too many requests from this address: retry after ${wait} s` } });
  });

  it('counts each visitor apart (IPv6 by its /64), and leaves the Place API, sign-in and health alone', async () => {
    for (let i = 0; i < 2; i++) expect((await from('2001:db8:1:2::1', '/api/places/lists')).status).not.toBe(429);
    expect((await from('2001:db8:1:2::ffff', '/api/places/lists')).status).toBe(429);
    expect((await from('198.51.100.9', '/api/places/lists')).status).not.toBe(429);
    for (const path of ['/healthz', '/api/v2/tags', '/api/auth/session', '/identity/.well-known/openid-configuration']) {
      expect((await from('203.0.113.7', path)).status, path).not.toBe(429);
    }
  });
});
