import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENTS_FILE } from '@/lib/places/auth/client-store';
import { signPlacesRequest } from '@/lib/places/auth/hmac';
import { openClientStore } from '../support/test-server';
import { type PlacesTestServer, startPlacesServer } from './support/places-server';

/** The signature as computed outside the project, by OpenSSL. */
function opensslSign(message: string, key: string): string {
  const out = execFileSync('openssl', ['dgst', '-sha256', '-hmac', key], { input: message, encoding: 'utf8' });
  return out.trim().split(/\s+/).pop()!;
}

/** Sends a request with a raw target exactly as written (fetch would normalize it). */
function rawGet(base: string, target: string, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: hostname, port, path: target, method: 'GET', headers }, (res) => {
      let body = '';
      res.on('data', (c) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode!, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('signPlacesRequest', () => {
  it.each([
    ['/api/v2/canonical_places/1000000', 'secret'],
    ['/api/v2/search?center=-122.4194,37.7749&radius=5000&tags=attractions,!campgrounds', 'k3y-with-symbols_+/='],
    ['/api/v2/search?radius=5000&center=-122.4194,37.7749', 'another key'],
    ['/api/v2/search?name=Caf%C3%A9&limit=5', 'ünïcødé-key'],
  ])('matches openssl for %s', (path, key) => {
    expect(signPlacesRequest(path, key)).toBe(opensslSign(`${path}-`, key));
  });
});

describe('signed requests', () => {
  let s: PlacesTestServer;
  beforeAll(async () => {
    s = await startPlacesServer();
  });
  afterAll(() => s?.close());

  const headers = (clientId: string, signature: string) => ({ 'svc-org-app-client-id': clientId, 'svc-org-app-hmac': signature, 'content-type': 'application/json' });

  it('accepts a query signed in its sent order, and refuses the same query reordered', async () => {
    const c = s.orgClients['org-summit-rv'];
    const target = '/api/v2/search?radius=20000&center=-73.9857,40.7484&limit=2';
    const sig = opensslSign(`${target}-`, c.secret_key);
    const ok = await rawGet(s.url, target, headers(c.client_id, sig));
    expect(ok.status).toBe(200);
    expect(JSON.parse(ok.body).data.length).toBeLessThanOrEqual(2);
    const reordered = await rawGet(s.url, '/api/v2/search?center=-73.9857,40.7484&radius=20000&limit=2', headers(c.client_id, sig));
    expect(reordered.status).toBe(401);
  });

  it('signs percent-encoded queries exactly as sent', async () => {
    const c = s.orgClients['org-summit-rv'];
    const target = '/api/v2/search?center=-73.9857%2C40.7484&radius=20000&name=caf%C3%A9';
    const res = await rawGet(s.url, target, headers(c.client_id, opensslSign(`${target}-`, c.secret_key).toUpperCase()));
    expect(res.status).toBe(200);
  });

  it('refuses a tampered path, a wrong secret, missing headers and an unknown client with 401', async () => {
    const c = s.orgClients['org-summit-rv'];
    const signed = opensslSign('/api/v2/canonical_places/1000000-', c.secret_key);
    const tampered = await rawGet(s.url, '/api/v2/canonical_places/1000001', headers(c.client_id, signed));
    expect(tampered.status).toBe(401);
    expect(JSON.parse(tampered.body)).toEqual({ error: { code: 'unauthorized', message: expect.any(String) } });

    const wrong = await rawGet(s.url, '/api/v2/canonical_places/1000000', headers(c.client_id, opensslSign('/api/v2/canonical_places/1000000-', 'not-the-secret')));
    expect(wrong.status).toBe(401);

    const right = await rawGet(s.url, '/api/v2/canonical_places/1000000', headers(c.client_id, signed));
    expect(right.status).toBe(200);

    const noHeaders = await rawGet(s.url, '/api/v2/canonical_places/1000000', {});
    expect(noHeaders.status).toBe(401);
    const noHmac = await rawGet(s.url, '/api/v2/canonical_places/1000000', { 'svc-org-app-client-id': c.client_id });
    expect(noHmac.status).toBe(401);
    const unknown = await rawGet(s.url, '/api/v2/canonical_places/1000000', headers('pc_unknown', signed));
    expect(unknown.status).toBe(401);
    const garbage = await rawGet(s.url, '/api/v2/canonical_places/1000000', headers(c.client_id, 'zz'));
    expect(garbage.status).toBe(401);
  });

  it('answers 403 to a disabled client and serves it again once enabled', async () => {
    const clients = openClientStore(s.app);
    try {
      const c = s.orgClients['org-roamwell'];
      const target = '/api/v2/tags';
      const h = headers(c.client_id, opensslSign(`${target}-`, c.secret_key));
      clients.setDisabled(c.client_id, true);
      const res = await rawGet(s.url, target, h);
      expect(res.status).toBe(403);
      expect(JSON.parse(res.body).error.code).toBe('forbidden');
      clients.setDisabled(c.client_id, false);
      expect((await rawGet(s.url, target, h)).status).toBe(200);
    } finally {
      clients.close();
    }
  });

  it('keeps no secret key in clear in the client store, and accepts the previous key only during its grace period', async () => {
    const clients = openClientStore(s.app);
    try {
      const target = '/api/v2/tags';
      const created = clients.create({ name: 'Rotation test', config: { tags: 'all', chains: 'all', rv_service: false, max_limit: 10, rate_limit_per_minute: null } });
      const stored = ['', '-wal'].map((suffix) => s.app.context.dataDir.file(CLIENTS_FILE) + suffix).filter((f) => fs.existsSync(f));
      expect(stored.some((f) => fs.readFileSync(f).includes(created.secret_key))).toBe(false);
      expect(stored.some((f) => fs.readFileSync(f).includes('sealed:v1:'))).toBe(true);
      const signedWith = (key: string) => headers(created.client_id, opensslSign(`${target}-`, key));

      const graceful = clients.rotate(created.client_id, 3600)!;
      expect((await rawGet(s.url, target, signedWith(graceful))).status).toBe(200);
      expect((await rawGet(s.url, target, signedWith(created.secret_key))).status).toBe(200);

      const immediate = clients.rotate(created.client_id, 0)!;
      expect((await rawGet(s.url, target, signedWith(immediate))).status).toBe(200);
      expect((await rawGet(s.url, target, signedWith(graceful))).status).toBe(401);
      expect((await rawGet(s.url, target, signedWith(created.secret_key))).status).toBe(401);
    } finally {
      clients.close();
    }
  });

  it('serves the OpenAPI document without a signature', async () => {
    const res = await fetch(`${s.url}/api/v2/openapi.json`);
    expect(res.status).toBe(200);
    expect((await res.json()).openapi).toBe('3.1.0');
  });
});
