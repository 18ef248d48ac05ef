import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { CLIENTS_FILE, ClientStore } from '@/lib/places/auth/client-store';
import { signPlacesRequest } from '@/lib/places/auth/hmac';
import { openDataDir } from '@/lib/core/data-dir';
import { readDemoCredentials } from '@/lib/core/demo-credentials';
import { SecretBox } from '@/lib/core/secret-box';
import { loadSecrets } from '@/lib/core/secrets';
import { type ServerProcess, startServer } from '@/scripts/hardening/support/server-process';
import { tempDataDir } from '../support/test-server';

// Two real app processes (no Next.js) on one Redis: a Place API client's budget is one budget, whichever instance
// takes the requests. They share a DATA_DIR only because the Place API clients still live in SQLite files there.
describe('two app instances on one Redis', () => {
  let a: ServerProcess;
  let b: ServerProcess;
  const dataDir = tempDataDir('two-instances');
  const env = { NODE_ENV: 'test', REDIS_URL: inject('redisUrl'), PLACES_SEED_COUNT: '500', METRICS_TOKEN: 'm'.repeat(32) };
  beforeAll(async () => {
    const entry = 'scripts/hardening/support/crash-child.ts';
    a = await startServer({ dataDir, entry, env });
    b = await startServer({ dataDir, entry, env });
  }, 240_000);
  afterAll(async () => {
    await a?.stop();
    await b?.stop();
  });

  it('refuses a client at its configured rate, not at twice it, with Retry-After from either instance', async () => {
    const dir = openDataDir(dataDir);
    const clients = new ClientStore(dir.file(CLIENTS_FILE), new SecretBox(loadSecrets(dir).encryptionKeys));
    // 60 a minute: 10 per 10-second window.
    const client = clients.create({ name: 'Shared budget', config: { tags: 'all', chains: 'all', rv_service: false, max_limit: 10, rate_limit_per_minute: 60 } });
    clients.close();
    const get = (server: ServerProcess) => {
      const path = '/api/v2/tags';
      return fetch(`${server.url}${path}`, {
        headers: { 'svc-org-app-client-id': client.client_id, 'svc-org-app-hmac': signPlacesRequest(path, client.secret_key) },
      });
    };
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => get(i % 2 ? a : b)));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(20);
    for (const r of answers.filter((x) => x.status === 429)) {
      const wait = Number(r.headers.get('retry-after'));
      expect(wait >= 1 && wait <= 10).toBe(true);
    }
    const metrics = await (await fetch(`${a.url}/metrics`, { headers: { authorization: `Bearer ${'m'.repeat(32)}` } })).text();
    expect(metrics).toMatch(/rate_limit_refusals_total\{limit="place-api"\} \d+/);
    expect(metrics).toMatch(/limit_store_state\{engine="redis",name="redis_up"\} 1/);
  });

  it('locks a login out at the same count whichever instance takes the attempts', async () => {
    const creds = readDemoCredentials(openDataDir(dataDir));
    const secret = creds.oidc_clients!.find((c) => c.client_id === 'oidc-test-client')!.client_secret;
    const password = creds.users!.find((u) => u.username === 'dealer')!.password;
    const grant = async (server: ServerProcess, pw: string) => {
      const res = await fetch(`${server.url}/identity/connect/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Basic ${Buffer.from(`oidc-test-client:${encodeURIComponent(secret)}`).toString('base64')}` },
        body: new URLSearchParams({ grant_type: 'password', scope: 'openid', username: 'dealer', password: pw }).toString(),
      });
      const body = (await res.json()) as Record<string, string>;
      return res.status === 200 ? 'ok' : /too many failed attempts/.test(body.error_description ?? '') ? 'throttled' : 'invalid';
    };
    const answers = [];
    // Five failures of one account from one address are free (docs/security.md); the sixth makes the next wait.
    for (let i = 0; i < 6; i++) answers.push(await grant(i % 2 ? a : b, 'wrong guess'));
    expect(answers).toEqual(Array(6).fill('invalid'));
    expect(await grant(a, password)).toBe('throttled');
    expect(await grant(b, password)).toBe('throttled');
  });

  it('says in /healthz that the limits are shared', async () => {
    for (const server of [a, b]) {
      const health = (await (await fetch(`${server.url}/healthz`)).json()) as { checks: Record<string, unknown> };
      expect(health.checks.limits).toBe(true);
    }
  });
});
