import crypto from 'node:crypto';
import path from 'node:path';
import * as jose from 'jose';
import * as OTPAuth from 'otpauth';
import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { EXPLORER_CLIENT_ID } from '@/lib/identity/demo-seed';
import { readCredentials, signedHeaders } from '@/scripts/hardening/support/fixtures';
import { startServer, type ServerProcess } from '@/scripts/hardening/support/server-process';
import { type FrontDoor, startFrontDoor } from '../support/front-door';
import { authorize, Browser, demo, passwordGrant, REDIRECT_URI, TEST_CLIENT, throttled, type App } from '../identity/support';
import { createTestDatabase, type TestDatabase } from '../support/postgres';
import { tempDataDir } from '../support/test-server';
import { EVENTUALLY_MS, waitUntil } from '../support/wait';
import { runCli } from './cli';
import { SIGN_AFTER_PUBLISHED_MS } from '@/lib/identity/signing-rotation';

// Issue 14: N stateless instances behind a balancer behave as one. Two real server processes (the Place API and the
// identity server, without Next) on one PostgreSQL database and one Redis, with requests sent alternately or
// deliberately crossed between them.
const ENTRY = 'scripts/hardening/support/api-server.ts';

interface Instance {
  name: 'A' | 'B';
  dataDir: string;
  server: ServerProcess;
  /** The instance as the identity test helpers see an app: its own address, the shared public URL, A's demo file. */
  app: App;
}

let db: TestDatabase;
let env: Record<string, string>;
let publicUrl: string;
/** The balancer's address, the instances' PUBLIC_URL: it sends whatever reaches it to A. */
let front: FrontDoor;
let seedDir: string;
const instances: Partial<Record<'A' | 'B', Instance>> = {};
const A = () => instances.A!;
const B = () => instances.B!;

async function start(name: 'A' | 'B'): Promise<Instance> {
  const dataDir = name === 'A' ? seedDir : tempDataDir(`cluster-${name}`);
  const server = await startServer({ dataDir, entry: ENTRY, env: { ...env, PUBLIC_URL: publicUrl } });
  if (name === 'A') front.pointAt(server.url);
  const app = {
    url: server.url,
    config: { publicUrl },
    context: { dataDir: { file: (f: string) => path.join(seedDir, f) } },
  } as unknown as App;
  return (instances[name] = { name, dataDir, server, app });
}

/** Sends every request of an openid-client configuration to one instance, whatever URL discovery named. */
function via(instance: Instance): oidc.CustomFetch {
  return (input, options) => {
    const url = new URL(input);
    return fetch(new URL(url.pathname + url.search, instance.server.url), options as RequestInit);
  };
}

async function clientAt(instance: Instance, clientId: string, secret: string) {
  return oidc.discovery(new URL(`${publicUrl}/identity`), clientId, {}, oidc.ClientSecretBasic(secret), {
    execute: [oidc.allowInsecureRequests],
    [oidc.customFetch]: via(instance),
  });
}

const secretOf = (clientId: string) => demo(A().app).secret(clientId);
const passwordOf = (username: string) => demo(A().app).password(username);

/** The front channel of a code flow through one instance: the browser's answer at the redirect URI. */
async function codeAt(instance: Instance, config: oidc.Configuration, username: string, params: Record<string, string> = {}) {
  const state = oidc.randomState();
  const url = oidc.buildAuthorizationUrl(config, { redirect_uri: REDIRECT_URI, scope: 'openid cosmos', state, ...params });
  const result = await authorize(new Browser(instance.app), url, { username, password: passwordOf(username) });
  expect(result.location, result.html?.slice(0, 300)).toBeDefined();
  return { location: result.location!, state };
}

beforeAll(async () => {
  db = await createTestDatabase('cluster');
  const random = () => crypto.randomBytes(32).toString('base64url');
  front = await startFrontDoor();
  publicUrl = front.url;
  seedDir = tempDataDir('cluster-A');
  env = {
    NODE_ENV: 'test',
    DEMO: 'true',
    PLACES_SEED_COUNT: '2000',
    LOG_REQUESTS: 'false',
    DATABASE_URL: db.url,
    REDIS_URL: inject('redisUrl'),
    NEXTAUTH_SECRET: random(),
    IDENTITY_COOKIE_KEYS: random(),
    SECRETS_ENCRYPTION_KEYS: random(),
    IDENTITY_MEMBERS_API_CLIENTS: `${EXPLORER_CLIENT_ID},${TEST_CLIENT}`,
    TRUST_PROXY: 'true',
    // Place API budgets counted in 10-minute windows (10 s in production): a window longer than any test, so the
    // shared budget's count is exact however slowly the machine sends the requests.
    PLACES_RATE_BURST_SECONDS: '600',
  };
  // A seeds the demo; B starts on the seeded database and finds it.
  await start('A');
  await start('B');
}, 240_000);

afterAll(async () => {
  await Promise.all(Object.values(instances).map((i) => i?.server.stop()));
  await front?.close();
  await db?.drop();
});

describe('two instances on one PostgreSQL database and one Redis', () => {
  it('B finds the demo A seeded: one set of accounts and clients, no second seed', async () => {
    const seeded = readCredentials(seedDir);
    expect(seeded.users?.length).toBeGreaterThan(0);
    const fromB = await passwordGrant(B().app, { username: 'dealer', password: passwordOf('dealer') }, { 'x-forwarded-for': '192.0.2.1' });
    expect(fromB.status).toBe(200);
    expect(readCredentials(B().dataDir).users).toBeUndefined();
  });

  it('signs in through A and redeems the code at B; userinfo and refresh answer at B', async () => {
    const atA = await clientAt(A(), TEST_CLIENT, secretOf(TEST_CLIENT));
    const atB = await clientAt(B(), TEST_CLIENT, secretOf(TEST_CLIENT));
    const { location, state } = await codeAt(A(), atA, 'dealer', { scope: 'openid cosmos offline_access', prompt: 'consent' });
    const tokens = await oidc.authorizationCodeGrant(atB, location, { expectedState: state });
    expect(tokens.claims()!.sub).toBe('user-dealer');
    const info = await oidc.fetchUserInfo(atB, tokens.access_token, 'user-dealer');
    expect(JSON.parse(info.user as string).id).toBe('user-dealer');
    const refreshed = await oidc.refreshTokenGrant(atB, tokens.refresh_token!);
    expect((await oidc.fetchUserInfo(atA, refreshed.access_token, 'user-dealer')).sub).toBe('user-dealer');
  });

  it('redeems an authorization code sent to A and B at the same moment once', async () => {
    const atA = await clientAt(A(), TEST_CLIENT, secretOf(TEST_CLIENT));
    const atB = await clientAt(B(), TEST_CLIENT, secretOf(TEST_CLIENT));
    for (let round = 0; round < 5; round++) {
      const { location, state } = await codeAt(A(), atA, 'traveler');
      const answers = await Promise.allSettled([atA, atB].map((config) => oidc.authorizationCodeGrant(config, location, { expectedState: state })));
      const redeemed = answers.filter((a) => a.status === 'fulfilled');
      expect(redeemed, `round ${round}`).toHaveLength(1);
      const refused = answers.find((a) => a.status === 'rejected') as PromiseRejectedResult;
      expect(refused.reason).toMatchObject({ error: 'invalid_grant' });
    }
  });

  it('ends the identity session at B when the user signs out at A', async () => {
    const atA = await clientAt(A(), TEST_CLIENT, secretOf(TEST_CLIENT));
    const browser = new Browser(A().app);
    const state = oidc.randomState();
    const first = await authorize(browser, oidc.buildAuthorizationUrl(atA, { redirect_uri: REDIRECT_URI, scope: 'openid', state }), { username: 'admin', password: passwordOf('admin') });
    const tokens = await oidc.authorizationCodeGrant(atA, first.location!, { expectedState: state });

    // The same browser (its session cookie) at B: signed in, no prompt.
    const silent = () => authorize(new Browser(B().app).withCookiesOf(browser), oidc.buildAuthorizationUrl(atA, { redirect_uri: REDIRECT_URI, scope: 'openid', prompt: 'none', state }));
    expect((await silent()).location!.searchParams.get('code')).toBeTruthy();

    const logout = oidc.buildEndSessionUrl(atA, { id_token_hint: tokens.id_token! });
    const confirm = await browser.fetch(logout.pathname + logout.search);
    const html = await confirm.text();
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(html)?.[1];
    expect(xsrf, html.slice(0, 300)).toBeTruthy();
    const done = await browser.postForm('/identity/connect/endsession/confirm', { xsrf: xsrf!, logout: 'yes' });
    expect([200, 302, 303]).toContain(done.status);

    const after = await silent();
    expect(after.location!.searchParams.get('error')).toBe('login_required');
  });

  it("shows an administrator's membership change made at A in the member's next userinfo at B", async () => {
    const explorerAtA = await clientAt(A(), EXPLORER_CLIENT_ID, secretOf(EXPLORER_CLIENT_ID));
    const state = oidc.randomState();
    const url = oidc.buildAuthorizationUrl(explorerAtA, { redirect_uri: `${publicUrl}/api/auth/callback/identity`, scope: 'openid cosmos', state });
    const adminLogin = await authorize(new Browser(A().app), url, { username: 'admin', password: passwordOf('admin') });
    const adminToken = (await oidc.authorizationCodeGrant(explorerAtA, adminLogin.location!, { expectedState: state })).access_token;

    const testerAtB = await clientAt(B(), TEST_CLIENT, secretOf(TEST_CLIENT));
    const dealer = await oidc.genericGrantRequest(testerAtB, 'password', { username: 'dealer', password: passwordOf('dealer'), scope: 'openid cosmos' });
    const summitRoles = async () => {
      const claim = JSON.parse((await oidc.fetchUserInfo(testerAtB, dealer.access_token, 'user-dealer')).user as string) as {
        organizations: { organization: { id: string }; roles: { role: { id: string } }[] }[];
      };
      return claim.organizations.find((o) => o.organization.id === 'org-summit-rv')?.roles.map((r) => r.role.id) ?? null;
    };
    const before = await summitRoles();
    expect(before).not.toBeNull();

    const change = await fetch(`${A().server.url}/identity/api/organizations/org-summit-rv/members/user-dealer`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ isAdministrator: false, roleIds: [] }),
    });
    expect(change.status, await change.clone().text()).toBe(200);
    expect(await summitRoles()).toEqual([]);
  });

  it("shares a Place API client's budget: A and B together let through the configured burst once, then 429 with Retry-After", async () => {
    // 10 a minute with a burst of 600 s (PLACES_RATE_BURST_SECONDS above): 100 requests in a window of 10 minutes that
    // starts at the first one, which the 240 requests fit in on any machine (the test's timeout is shorter).
    const created = await runCli(['scripts/places/clients.ts', 'create', '--name', 'Shared budget test', '--rate', '10'], { ...env, DATA_DIR: seedDir });
    const client = { client_id: /client_id\s*[:=]\s*(\S+)/.exec(created)![1], secret_key: /secret_key\s*[:=]\s*(\S+)/.exec(created)![1] };
    const target = '/api/v2/search?center=-105,39.7&radius=5000&limit=1';
    const statuses: number[] = [];
    const retryAfter: string[] = [];
    await Promise.all(
      Array.from({ length: 4 }, async (_, worker) => {
        for (let i = worker; i < 240; i += 4) {
          const instance = i % 2 === 0 ? A() : B();
          const res = await fetch(instance.server.url + target, { headers: signedHeaders(target, client) });
          statuses.push(res.status);
          if (res.status === 429) retryAfter.push(res.headers.get('retry-after') ?? '');
          await res.arrayBuffer();
        }
      }),
    );
    expect(statuses.filter((s) => s === 200)).toHaveLength(100);
    expect(statuses.filter((s) => s === 429)).toHaveLength(140);
    for (const value of retryAfter) expect(Number(value)).toBeGreaterThanOrEqual(1);
  }, 5 * 60_000);

  it('slows an account after the same number of failures whichever instance takes them', async () => {
    const attacker = { 'x-forwarded-for': '198.51.100.77' };
    // Six failures at one account from one address are free; A and B take three each.
    for (let i = 0; i < 6; i++) {
      const answer = await passwordGrant(i % 2 === 0 ? A().app : B().app, { username: 'unverified', password: 'wrong guess' }, attacker);
      expect(throttled(answer), `attempt ${i + 1}`).toBe(false);
    }
    for (const instance of [A(), B()]) {
      expect(throttled(await passwordGrant(instance.app, { username: 'unverified', password: passwordOf('unverified') }, attacker))).toBe(true);
    }
  });

  it('publishes a rotated signing key at both instances within seconds, then A and B sign with it without a restart; tokens signed with the previous key stay valid', async () => {
    const idTokenAt = async (instance: Instance) =>
      (await oidc.genericGrantRequest(await clientAt(instance, TEST_CLIENT, secretOf(TEST_CLIENT)), 'password', { username: 'traveler', password: passwordOf('traveler'), scope: 'openid' })).id_token!;
    const kidOf = (token: string) => jose.decodeProtectedHeader(token).kid;
    const before = await idTokenAt(A());
    const oldKid = kidOf(before);

    const rotatedAt = Date.now();
    const rotated = await runCli(['scripts/identity/cli.ts', 'keys', 'rotate'], { ...env, DATA_DIR: seedDir });
    const newKid = /new signing key (\S+?);/.exec(rotated)![1];
    expect(newKid).not.toBe(oldKid);

    const jwksOf = (instance: Instance) => fetch(`${instance.server.url}/identity/.well-known/openid-configuration/jwks`).then((r) => r.json() as Promise<{ keys: { kid: string }[] }>);
    // Each publishes it once its cache of the published keys (PUBLISHED_KEYS_TTL_MS) runs out.
    let kids: string[][] = [];
    await waitUntil(
      () => `both instances to publish ${newKid} beside ${oldKid} (they publish ${JSON.stringify(kids)})`,
      async () => (kids = await Promise.all([A(), B()].map(async (i) => (await jwksOf(i)).keys.map((k) => k.kid)))).every((k) => k.includes(newKid) && k.includes(oldKid!)),
      { intervalMs: 250 },
    );
    const jwksB = jose.createLocalJWKSet((await jwksOf(B())) as jose.JSONWebKeySet);
    await jose.jwtVerify(before, jwksB, { issuer: `${publicUrl}/identity`, audience: TEST_CLIENT });

    // Each instance signs with the new key once every instance has published it (SIGN_AFTER_PUBLISHED_MS), and
    // polls for it every PUBLISHED_KEYS_TTL_MS: no restart.
    const signedWith: Record<string, number> = {};
    await waitUntil(
      () => `both instances to sign with ${newKid} (so far ${JSON.stringify(signedWith)})`,
      async () => {
        for (const instance of [A(), B()]) {
          if (signedWith[instance.name]) continue;
          const token = await idTokenAt(instance);
          if (kidOf(token) !== newKid) continue;
          signedWith[instance.name] = Date.now() - rotatedAt;
          await jose.jwtVerify(token, jose.createLocalJWKSet((await jwksOf(instance === A() ? B() : A())) as jose.JSONWebKeySet), { issuer: `${publicUrl}/identity`, audience: TEST_CLIENT });
        }
        return Object.keys(signedWith).length === 2;
      },
      { intervalMs: 250 },
    );
    // Not before then: a lower bound, which a slow machine only passes by more (no upper bound on how long it took).
    for (const waited of Object.values(signedWith)) expect(waited).toBeGreaterThanOrEqual(SIGN_AFTER_PUBLISHED_MS - 1_000);
    await jose.jwtVerify(before, jose.createLocalJWKSet((await jwksOf(A())) as jose.JSONWebKeySet), { issuer: `${publicUrl}/identity`, audience: TEST_CLIENT });
  }, 3 * EVENTUALLY_MS);

  it('keeps serving at B while A is killed in the middle of sign-ins and refreshes; A comes back clean', async () => {
    const atA = await clientAt(A(), TEST_CLIENT, secretOf(TEST_CLIENT));
    const atB = await clientAt(B(), TEST_CLIENT, secretOf(TEST_CLIENT));
    const grant = (config: oidc.Configuration) =>
      oidc.genericGrantRequest(config, 'password', { username: 'dealer', password: passwordOf('dealer'), scope: 'openid offline_access' });
    const issuedByA: oidc.TokenEndpointResponse[] = [];
    let stop = false;
    const traffic = (async () => {
      while (!stop) {
        try {
          const t = await grant(atA);
          issuedByA.push(t);
          await oidc.refreshTokenGrant(atA, t.refresh_token!);
        } catch {
          // A is gone: what it answered before is what counts.
        }
      }
    })();
    // A is killed while the traffic runs, once it has answered a few sign-ins (however long those take).
    await waitUntil(() => `sign-ins answered by A (${issuedByA.length} so far)`, () => issuedByA.length >= 3, { intervalMs: 20 });
    await A().server.stop('SIGKILL');
    stop = true;
    await traffic;
    expect(issuedByA.length).toBeGreaterThan(0);

    // B serves sign-ins, and every token A issued before it died is valid at B.
    expect((await grant(atB)).access_token).toBeTruthy();
    for (const t of issuedByA.slice(-5)) {
      expect((await oidc.tokenIntrospection(atB, t.access_token)).active).toBe(true);
      expect((await oidc.refreshTokenGrant(atB, t.refresh_token!)).access_token).toBeTruthy();
    }

    const restarted = await start('A');
    const atNewA = await clientAt(restarted, TEST_CLIENT, secretOf(TEST_CLIENT));
    expect((await grant(atNewA)).access_token).toBeTruthy();
    const health = await fetch(`${restarted.server.url}/healthz`);
    expect(health.status).toBe(200);
  }, 3 * EVENTUALLY_MS);

  it('takes the password at A and the second factor at B', async () => {
    const explorerAtA = await clientAt(A(), EXPLORER_CLIENT_ID, secretOf(EXPLORER_CLIENT_ID));
    const redirectUri = `${publicUrl}/api/auth/callback/identity`;
    const first = oidc.randomState();
    const signedIn = await authorize(new Browser(A().app), oidc.buildAuthorizationUrl(explorerAtA, { redirect_uri: redirectUri, scope: 'openid cosmos', state: first }), {
      username: 'traveler',
      password: passwordOf('traveler'),
    });
    const token = (await oidc.authorizationCodeGrant(explorerAtA, signedIn.location!, { expectedState: first })).access_token;
    const totpApi = (method: string, body?: unknown) =>
      fetch(`${A().server.url}/identity/api/account/totp`, {
        method,
        headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      }).then(async (r) => ({ status: r.status, data: ((await r.json()) as { data: Record<string, unknown> }).data }));
    const begun = await totpApi('POST', { password: passwordOf('traveler') });
    const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(begun.data.secret as string), digits: 6, period: 30, algorithm: 'SHA1' });
    const confirmed = await totpApi('PUT', { code: totp.generate(), password: passwordOf('traveler') });
    expect(confirmed.status).toBe(200);
    const recoveryCode = (confirmed.data.recoveryCodes as string[])[0];

    const state = oidc.randomState();
    const atA = new Browser(A().app);
    const start = await atA.fetch(oidc.buildAuthorizationUrl(explorerAtA, { redirect_uri: redirectUri, scope: 'openid cosmos', state }).href);
    const uid = /\/identity\/interaction\/([^/?]+)$/.exec(start.headers.get('location')!)![1];
    const view = (await (await atA.fetch(`/identity/interaction/${uid}`, { headers: { accept: 'application/json' } })).json()) as { csrf: string };
    const password = await atA.postForm(`/identity/interaction/${uid}/login`, { csrf: view.csrf, login: 'traveler', password: passwordOf('traveler') });
    expect(password.headers.get('location')).toBe(`/identity/interaction/${uid}/totp`);

    const atB = new Browser(B().app).withCookiesOf(atA);
    const page = await atB.fetch(`/identity/interaction/${uid}/totp`);
    const html = await page.text();
    expect(page.status, html.slice(0, 300)).toBe(200);
    let res = await atB.postForm(`/identity/interaction/${uid}/totp`, { csrf: /name="csrf" value="([^"]+)"/.exec(html)![1], code: recoveryCode });
    expect(res.status).toBe(303);
    for (let hops = 0; hops < 10 && !res.headers.get('location')!.startsWith(redirectUri); hops++) {
      const next = new URL(res.headers.get('location')!, publicUrl);
      res = await atB.fetch(next.pathname + next.search);
    }
    const tokens = await oidc.authorizationCodeGrant(explorerAtA, new URL(res.headers.get('location')!), { expectedState: state });
    expect(tokens.claims()!.amr).toEqual(['pwd', 'otp', 'mfa']);
  });
});
