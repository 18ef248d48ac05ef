import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeLabel } from '@/lib/metrics/route-label';
import { readDemoCredentials } from '@/lib/core/demo-credentials';
import { signedHeaders } from '@/scripts/hardening/support/fixtures';
import { startApiServer } from '../support/test-server';

const TOKEN = 'metrics-token-of-at-least-32-characters';

describe('GET /metrics', () => {
  let app: Awaited<ReturnType<typeof startApiServer>>;
  let closed: Awaited<ReturnType<typeof startApiServer>>;
  beforeAll(async () => {
    app = await startApiServer({ env: { METRICS_TOKEN: TOKEN } });
    closed = await startApiServer();
  });
  afterAll(async () => {
    await app?.close();
    await closed?.close();
  });

  it('answers 401 with a Bearer challenge without the token or with a wrong one', async () => {
    for (const authorization of [undefined, 'Bearer nope', `Basic ${TOKEN}`, `Bearer ${TOKEN}x`, 'Bearer ']) {
      const res = await fetch(`${app.url}/metrics`, { headers: authorization ? { authorization } : {} });
      expect(res.status, authorization).toBe(401);
      expect(res.headers.get('www-authenticate')).toBe('Bearer realm="metrics"');
      expect(await res.text()).not.toMatch(/http_request/);
    }
  });

  it('is not there at all when METRICS_TOKEN is not set', async () => {
    expect((await fetch(`${closed.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(404);
  });

  it('serves requests by route and status with latency, and the stores\' state, in the Prometheus text format', async () => {
    await fetch(`${app.url}/healthz`);
    await fetch(`${app.url}/api/v2/canonical_places/12345`);
    const res = await fetch(`${app.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await res.text();
    expect(text).toMatch(/http_request_duration_seconds_bucket\{le="0\.005",route="\/healthz",method="GET",status="200"\} \d+/);
    expect(text).toMatch(/http_request_duration_seconds_count\{route="\/api\/v2\/canonical_places\/:id",method="GET",status="401"\} \d+/);
    expect(text).toMatch(/store_check_ok\{check="limits"\} 1/);
    expect(text).toMatch(/limit_store_state\{engine="memory",name="limits_degraded"\} 0/);
    expect(text).toContain('# TYPE rate_limit_refusals_total counter');
    expect(text).toContain('# TYPE login_throttle_refusals_total counter');
  });

  it('times the place store by query class', async () => {
    const client = readDemoCredentials(app.context.dataDir).places_api!;
    const targets = {
      circle: '/api/v2/search?center=-105,39.7&radius=20000',
      'circle-and-box': '/api/v2/search?radius=50000&center=-105,39.5&west=-106&south=39&east=-104&north=40',
      locations: '/api/v2/search?locations=country:US&sort=name',
      'name-alone': '/api/v2/search?name=denver',
      clusters: '/api/v2/search/clusters?center=-105,39.7&radius=200000&bbox=-110,35,-100,45&zoom=5',
    };
    for (const target of Object.values(targets)) {
      const res = await fetch(app.url + target, { headers: signedHeaders(target, client) });
      expect(res.status, `${target}: ${await res.text()}`).toBe(200);
    }
    const text = await (await fetch(`${app.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })).text();
    for (const queryClass of Object.keys(targets)) {
      expect(text).toMatch(new RegExp(`place_store_query_duration_seconds_count\\{class="${queryClass}"\\} [1-9]`));
    }
  });

  it('folds ids and unknown paths into a fixed set of route classes', () => {
    expect(routeLabel('/api/v2/canonical_places/99')).toBe('/api/v2/canonical_places/:id');
    expect(routeLabel('/api/v2/whatever/1')).toBe('/api/v2/other');
    expect(routeLabel('/identity/connect/token')).toBe('/identity/connect/*');
    expect(routeLabel('/identity/x-random-123')).toBe('/identity/*');
    expect(routeLabel('/api/places/search')).toBe('/api/places/*');
    expect(routeLabel('/tiles/14/2588/5606.pbf')).toBe('/tiles/*');
    expect(routeLabel('/map/style.json')).toBe('/map/style.json');
    expect(routeLabel('/some/page/1')).toBe('page');
  });
});
