import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signPlacesRequest } from '@/lib/places/auth/hmac';
import { readDemoCredentials } from '@/lib/core/demo-credentials';
import { type LocalRedis, startLocalRedis } from '@/scripts/redis/local-redis';
import { startApiServer } from '../support/test-server';
import { EVENTUALLY_MS, waitUntil } from '../support/wait';

// The whole server with its limits in a Redis of its own, which this test kills: the service keeps answering, the
// limits keep refusing (per instance), and /healthz says so.
describe('the server when Redis is lost', () => {
  let redis: LocalRedis;
  let app: Awaited<ReturnType<typeof startApiServer>>;
  beforeAll(async () => {
    redis = await startLocalRedis();
    app = await startApiServer({ demo: true, env: { REDIS_URL: redis.url } });
  });
  afterAll(async () => {
    await app?.close();
    await redis?.stop();
  });

  const health = async () => ((await (await fetch(`${app.url}/healthz`)).json()) as { status: string; checks: Record<string, unknown> });
  const tags = () => {
    const client = readDemoCredentials(app.context.dataDir).places_api!;
    return fetch(`${app.url}/api/v2/tags`, { headers: { 'svc-org-app-client-id': client.client_id, 'svc-org-app-hmac': signPlacesRequest('/api/v2/tags', client.secret_key) } });
  };
  const grant = async (password: string) => {
    const creds = readDemoCredentials(app.context.dataDir);
    const secret = creds.oidc_clients!.find((c) => c.client_id === 'oidc-test-client')!.client_secret;
    const res = await fetch(`${app.url}/identity/connect/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Basic ${Buffer.from(`oidc-test-client:${encodeURIComponent(secret)}`).toString('base64')}` },
      body: new URLSearchParams({ grant_type: 'password', scope: 'openid', username: 'traveler', password }).toString(),
    });
    const body = (await res.json()) as Record<string, string>;
    return /too many failed attempts/.test(body.error_description ?? '') ? 'throttled' : res.status === 200 ? 'ok' : 'invalid';
  };

  it('keeps serving with per-instance limits, says degraded in /healthz, and is shared again when Redis is back', async () => {
    expect((await health()).checks.limits).toBe(true);
    await redis.stop(true);

    expect((await tags()).status).toBe(200);
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push(await grant('wrong guess'));
    expect(answers).toEqual(Array(6).fill('invalid'));
    expect(await grant(readDemoCredentials(app.context.dataDir).users!.find((u) => u.username === 'traveler')!.password)).toBe('throttled');
    const degraded = await health();
    expect(degraded.status).toBe('ok');
    expect(degraded.checks.limits).toMatch(/^degraded: redis 127\.0\.0\.1:\d+ failed/);

    redis = await startLocalRedis(redis.port);
    // Requests give the limits their tries at the store (one a second at most while degraded).
    await waitUntil('the limits shared again in /healthz', async () => {
      await tags();
      return (await health()).checks.limits === true;
    }, { intervalMs: 200 });
    expect((await health()).checks.limits).toBe(true);
  }, 2 * EVENTUALLY_MS);
});
