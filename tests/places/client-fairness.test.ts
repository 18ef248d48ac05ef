// Issue 35, finding 7: every Place API client has a budget one process can honour, and one client cannot take more
// than its share of a busy process. The real handler over HTTP, on the memory limit store, with a place store whose
// searches wait until the test lets them go, so "in progress at once" is a state the test holds, not a race it times.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { limitStoreOn } from '@/lib/limits';
import { memoryEngine } from '@/lib/limits/memory';
import { FULL_ACCESS } from '@/lib/places/auth/account';
import type { ApiClientWithSecret } from '@/lib/places/auth/api-clients/types';
import { DEFAULT_RATE_PER_MINUTE } from '@/lib/config/client-budget';
import { signPlacesRequest } from '@/lib/places/auth/hmac';
import { createPlacesHandler, type PlacesHttpDeps } from '@/lib/places/http/handler';
import type { PlaceStore, SearchResult } from '@/lib/places/store/types';
import { loadConfig } from '@/lib/config/env';

const SEARCH = '/api/v2/search?center=-104.99,39.74&radius=1000';

function client(id: string, rate: number | null): ApiClientWithSecret {
  return {
    client_id: id, secret_key: `secret-of-${id}`, previous_secret_key: null, name: id, organization_id: null, disabled: false,
    config: { ...FULL_ACCESS, rate_limit_per_minute: rate }, created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:00:00Z',
  };
}

/** A store whose searches are held until `release()`; `started` counts the searches that reached it. */
function heldStore() {
  const waiting: (() => void)[] = [];
  const reached: { n: number; wanted: number; resolve?: () => void } = { n: 0, wanted: Infinity };
  const empty: SearchResult = { total: 0, hits: [] };
  const store = {
    search: () =>
      new Promise<SearchResult>((resolve) => {
        waiting.push(() => resolve(empty));
        reached.n += 1;
        if (reached.n >= reached.wanted) reached.resolve?.();
      }),
    tags: async () => [],
    chains: async () => [],
  } as unknown as PlaceStore;
  return {
    store,
    /** Resolves once `n` searches in all have reached the store. */
    reach: (n: number) => new Promise<void>((resolve) => (reached.n >= n ? resolve() : Object.assign(reached, { wanted: n, resolve }))),
    release: () => waiting.splice(0).forEach((go) => go()),
  };
}

let servers: http.Server[] = [];
afterEach(async () => {
  for (const s of servers) {
    s.closeAllConnections();
    await new Promise((resolve) => s.close(resolve));
  }
  servers = [];
});

async function serve(options: Partial<PlacesHttpDeps> & Pick<PlacesHttpDeps, 'store'>, known: ApiClientWithSecret[]) {
  const byId = new Map(known.map((c) => [c.client_id, c]));
  const handle = createPlacesHandler({ openapi: {}, limits: limitStoreOn(memoryEngine()), clients: { get: async (id) => byId.get(id) ?? null }, ...options });
  const server = http.createServer((req, res) => void handle(req, res, new URL(req.url ?? '/', 'http://internal')));
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return (who: ApiClientWithSecret, target = SEARCH) =>
    fetch(base + target, { headers: { 'svc-org-app-client-id': who.client_id, 'svc-org-app-hmac': signPlacesRequest(target, who.secret_key) } });
}

describe('a budget one instance can honour (issue 35, finding 7)', () => {
  it('gives a client configured without a rate the default, a fifth or less of what one process serves, and PLACES_DEFAULT_RATE_PER_MINUTE changes it', () => {
    expect(DEFAULT_RATE_PER_MINUTE).toBe(12_000);
    // docs/hardening.md: one process answers 1,144 to 1,907 signed searches a second, 712 of the heaviest class.
    expect(DEFAULT_RATE_PER_MINUTE / 60).toBeLessThanOrEqual(712 / 3);
    expect(loadConfig({}).placesDefaultRatePerMinute).toBe(12_000);
    expect(loadConfig({ PLACES_DEFAULT_RATE_PER_MINUTE: '600' }).placesDefaultRatePerMinute).toBe(600);
    expect(loadConfig({}).placesClientConcurrency).toBe(32);
    expect(loadConfig({ PLACES_CLIENT_CONCURRENCY: '4' }).placesClientConcurrency).toBe(4);
  });

  it('answers exactly the window’s worth of a burst of a client without a rate with 200 and the rest 429, while another client gets answers', async () => {
    const store = { search: async () => ({ total: 0, hits: [] }), tags: async () => [], chains: async () => [] } as unknown as PlaceStore;
    const org = client('org-integration', null);
    const other = client('other', null);
    // 60 a minute, 10 seconds' worth a window: 10 requests.
    const get = await serve({ store, defaultRatePerMinute: 60, clientConcurrency: 1000 }, [org, other]);
    const answers = await Promise.all(Array.from({ length: 25 }, () => get(org)));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(15);
    const refused = answers.find((r) => r.status === 429)!;
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect((await refused.json()).error.code).toBe('rate_limited');
    expect((await get(other)).status).toBe(200);
  });

  it('works on at most the configured number of one client’s requests at once and answers the rest 429 at once, while another client gets answers', async () => {
    const held = heldStore();
    const busy = client('busy', 1_000_000);
    const other = client('other', 1_000_000);
    const get = await serve({ store: held.store, clientConcurrency: 4 }, [busy, other]);

    const burst = Array.from({ length: 10 }, () => get(busy));
    // Six answers come back while the first four are still held in the store: all of them refusals.
    const early: Response[] = [];
    await new Promise<void>((resolve) => burst.forEach((p) => void p.then((r) => (early.push(r), early.length === 6 && resolve()))));
    expect(early.map((r) => r.status)).toEqual(Array(6).fill(429));
    expect(early.every((r) => r.headers.get('retry-after') === '1')).toBe(true);
    const body = await early[0].json();
    expect(body).toEqual({ error: { code: 'rate_limited', message: 'too many requests at once: at most 4 in progress per client, retry after 1 s' } });
    await held.reach(4);

    // Another client is not refused: its search reaches the store beside the busy client's four.
    const others = get(other);
    await held.reach(5);
    held.release();
    expect((await Promise.all(burst)).map((r) => r.status).sort()).toEqual([...Array(4).fill(200), ...Array(6).fill(429)]);
    expect((await others).status).toBe(200);

    // Once its requests are answered, the client has its share again.
    const again = get(busy);
    await held.reach(6);
    held.release();
    expect((await again).status).toBe(200);
  });
});
