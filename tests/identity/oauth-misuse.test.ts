import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authorize, Browser, demo, issuerOf, REDIRECT_URI, registerClient, responseParams, startApiServer, TEST_CLIENT, type App } from './support';

/**
 * Misuse cases from the OAuth 2.0 Security Best Current Practice (RFC 9700), each shown refused by the real
 * identity server. Requests are written by hand (no client library) so that nothing is corrected on the way.
 */

let app: App;
let secret: string;
let admin: { username: string; password: string };
const OTHER_CLIENT = 'misuse-other-client';
let otherSecret: string;
const OTHER_REDIRECT = 'http://127.0.0.1:8977/other';
const SAFE_REFERRER_POLICIES = ['no-referrer', 'same-origin', 'strict-origin', 'strict-origin-when-cross-origin'];

beforeAll(async () => {
  app = await startApiServer();
  secret = demo(app).secret(TEST_CLIENT);
  admin = { username: 'admin', password: demo(app).password('admin') };
  const other = await registerClient(app, {
    clientId: OTHER_CLIENT,
    clientName: 'Another client',
    grantTypes: ['authorization_code'],
    responseTypes: ['code'],
    redirectUris: [OTHER_REDIRECT],
    authMethod: 'client_secret_basic',
  });
  otherSecret = other.clientSecret!;
});
afterAll(async () => {
  await app?.close();
});

const basic = (id: string, pw: string) => `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(pw)}`).toString('base64')}`;

function authorizeUrl(params: Record<string, string>) {
  const query = new URLSearchParams({
    client_id: TEST_CLIENT,
    response_type: 'code',
    scope: 'openid',
    redirect_uri: REDIRECT_URI,
    state: crypto.randomBytes(8).toString('hex'),
    nonce: crypto.randomBytes(8).toString('hex'),
    ...params,
  });
  return `/identity/connect/authorize?${query}`;
}

async function token(fields: Record<string, string>, clientId = TEST_CLIENT, clientSecret = secret) {
  const res = await fetch(`${app.url}/identity/connect/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: basic(clientId, clientSecret) },
    body: new URLSearchParams(fields),
  });
  return { status: res.status, body: (await res.json()) as Record<string, string> };
}

async function codeFor(params: Record<string, string> = {}) {
  const result = await authorize(new Browser(app), authorizeUrl(params), admin);
  const response = responseParams(result);
  expect(response.get('code'), JSON.stringify(Object.fromEntries(response))).toBeTruthy();
  return response;
}

const pkcePair = () => {
  const verifier = crypto.randomBytes(32).toString('base64url');
  return { verifier, challenge: crypto.createHash('sha256').update(verifier).digest('base64url') };
};

describe('open redirects (RFC 9700 4.1, 4.11)', () => {
  const tricks = [
    'https://attacker.example/callback',
    'http://127.0.0.1:8976/callback.attacker.example',
    'http://127.0.0.1:8976/callbackx',
    'http://127.0.0.1:8976/callback/',
    'http://127.0.0.1:8976/callback/../evil',
    'http://127.0.0.1:8976/callback?next=https://attacker.example/',
    'http://127.0.0.1:8976/callback#x',
    'http://127.0.0.1:8977/callback',
    'http://127.0.0.1/callback',
    'https://127.0.0.1:8976/callback',
    'http://127.0.0.1:8976/other',
    'http://127.0.0.1:8976@attacker.example/callback',
    'http://attacker.example#@127.0.0.1:8976/callback',
    'http://127.0.0.1.attacker.example:8976/callback',
    'HTTP://127.0.0.1:8976/CALLBACK',
  ];

  it.each(tricks)('refuses redirect_uri %s with an error page, redirecting nowhere', async (uri) => {
    const res = await new Browser(app).fetch(authorizeUrl({ redirect_uri: uri }));
    expect(res.status).toBe(400);
    expect(res.headers.get('location')).toBeNull();
    const html = await res.text();
    expect(html).toContain('redirect_uri');
    expect(html).not.toContain(`action="${uri}`);
  });

  it('refuses an unregistered redirect_uri even for a signed-in user, before any code is issued', async () => {
    const browser = new Browser(app);
    const first = await authorize(browser, authorizeUrl({}), admin);
    expect(first.location?.origin).toBe('http://127.0.0.1:8976');
    const again = await browser.fetch(authorizeUrl({ redirect_uri: 'https://attacker.example/callback', prompt: 'none' }));
    expect(again.status).toBe(400);
    expect(again.headers.get('location')).toBeNull();
  });

  it.each([
    'https://attacker.example/',
    'http://127.0.0.1:8976/logged-out.attacker.example',
    'http://127.0.0.1:8976/logged-outx',
    'http://127.0.0.1:8977/logged-out',
    'http://127.0.0.1:8976@attacker.example/logged-out',
    REDIRECT_URI,
  ])('refuses post_logout_redirect_uri %s that is not registered for the client', async (uri) => {
    const query = new URLSearchParams({ client_id: TEST_CLIENT, post_logout_redirect_uri: uri });
    const res = await new Browser(app).fetch(`/identity/connect/endsession?${query}`);
    expect(res.status).toBe(400);
    expect(res.headers.get('location')).toBeNull();
    expect(await res.text()).toContain('post_logout_redirect_uri not registered');
  });

  it('refuses a post_logout_redirect_uri registered for another client', async () => {
    const query = new URLSearchParams({ client_id: OTHER_CLIENT, post_logout_redirect_uri: 'http://127.0.0.1:8976/logged-out' });
    const res = await new Browser(app).fetch(`/identity/connect/endsession?${query}`);
    expect(res.status).toBe(400);
    expect(res.headers.get('location')).toBeNull();
  });
});

describe('authorization code injection and replay (RFC 9700 4.5, RFC 6749 4.1.2)', () => {
  it('binds the code to its client: another client cannot redeem it', async () => {
    const code = (await codeFor()).get('code')!;
    const stolen = await token({ grant_type: 'authorization_code', code, redirect_uri: REDIRECT_URI }, OTHER_CLIENT, otherSecret);
    expect(stolen).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
    const stolenOwnUri = await token({ grant_type: 'authorization_code', code, redirect_uri: OTHER_REDIRECT }, OTHER_CLIENT, otherSecret);
    expect(stolenOwnUri).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
    // The refused attempts did not burn it for its rightful client.
    expect((await token({ grant_type: 'authorization_code', code, redirect_uri: REDIRECT_URI })).status).toBe(200);
  });

  it('binds the code to its redirect_uri: another registered URI of the same client is refused', async () => {
    const code = (await codeFor()).get('code')!;
    const other = await token({ grant_type: 'authorization_code', code, redirect_uri: 'http://localhost:8976/callback' });
    expect(other).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
    const missing = await token({ grant_type: 'authorization_code', code });
    expect(missing.status).toBe(400);
  });

  it('binds the code to its PKCE verifier: a code injected into another session (other verifier) is refused', async () => {
    const victim = pkcePair();
    const attacker = pkcePair();
    const code = (await codeFor({ code_challenge: victim.challenge, code_challenge_method: 'S256' })).get('code')!;
    const injected = await token({ grant_type: 'authorization_code', code, redirect_uri: REDIRECT_URI, code_verifier: attacker.verifier });
    expect(injected).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
  });

  it('refuses a second use of a code and revokes the tokens issued from it', async () => {
    const code = (await codeFor({ scope: 'openid offline_access', prompt: 'consent' })).get('code')!;
    const first = await token({ grant_type: 'authorization_code', code, redirect_uri: REDIRECT_URI });
    expect(first.status).toBe(200);
    expect(first.body.refresh_token).toBeTruthy();
    const userinfo = () => fetch(`${app.url}/identity/connect/userinfo`, { headers: { authorization: `Bearer ${first.body.access_token}` } });
    expect((await userinfo()).status).toBe(200);

    const replay = await token({ grant_type: 'authorization_code', code, redirect_uri: REDIRECT_URI });
    expect(replay).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });

    // oidc-provider revokes the whole grant on replay: the access and refresh tokens from the first use die.
    expect((await userinfo()).status).toBe(401);
    const refresh = await token({ grant_type: 'refresh_token', refresh_token: first.body.refresh_token });
    expect(refresh).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
  });

  it('refuses a made-up code', async () => {
    const res = await token({ grant_type: 'authorization_code', code: crypto.randomBytes(32).toString('base64url'), redirect_uri: REDIRECT_URI });
    expect(res).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
  });
});

describe('PKCE downgrade (RFC 9700 2.1.1, 4.8)', () => {
  it('a code requested with S256 cannot be redeemed without the verifier', async () => {
    const { challenge } = pkcePair();
    const code = (await codeFor({ code_challenge: challenge, code_challenge_method: 'S256' })).get('code')!;
    const res = await token({ grant_type: 'authorization_code', code, redirect_uri: REDIRECT_URI });
    expect(res).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
  });

  it('a code requested with S256 cannot be redeemed as plain (the challenge sent as the verifier)', async () => {
    const { challenge } = pkcePair();
    const code = (await codeFor({ code_challenge: challenge, code_challenge_method: 'S256' })).get('code')!;
    const res = await token({ grant_type: 'authorization_code', code, redirect_uri: REDIRECT_URI, code_verifier: challenge, code_challenge_method: 'plain' });
    expect(res).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
  });

  it('a verifier with a code that was requested without PKCE is refused (no PKCE injection after the fact)', async () => {
    const { verifier } = pkcePair();
    const code = (await codeFor()).get('code')!;
    const res = await token({ grant_type: 'authorization_code', code, redirect_uri: REDIRECT_URI, code_verifier: verifier });
    expect(res).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
  });

  it('an unknown code_challenge_method is refused at the authorization endpoint', async () => {
    const { challenge } = pkcePair();
    const res = await authorize(new Browser(app), authorizeUrl({ code_challenge: challenge, code_challenge_method: 'S512' }), admin);
    expect(responseParams(res).get('error')).toBe('invalid_request');
  });

  it('the verifier that matches still works (the refusals above are not a broken flow)', async () => {
    const { verifier, challenge } = pkcePair();
    const code = (await codeFor({ code_challenge: challenge, code_challenge_method: 'S256' })).get('code')!;
    const res = await token({ grant_type: 'authorization_code', code, redirect_uri: REDIRECT_URI, code_verifier: verifier });
    expect(res.status).toBe(200);
  });
});

describe('mix-up (RFC 9700 4.4, RFC 9207)', () => {
  it('advertises authorization_response_iss_parameter_supported', async () => {
    const doc = await (await fetch(`${app.url}/identity/.well-known/openid-configuration`)).json();
    expect(doc.authorization_response_iss_parameter_supported).toBe(true);
    expect(doc.issuer).toBe(issuerOf(app));
  });

  it.each(['query', 'fragment', 'form_post'])('puts iss in the authorization response (response_mode=%s)', async (mode) => {
    const result = await authorize(new Browser(app), authorizeUrl({ response_mode: mode }), admin);
    const params = responseParams(result);
    expect(params.get('code')).toBeTruthy();
    expect(params.get('iss')).toBe(issuerOf(app));
  });

  it('puts iss in error responses too', async () => {
    const result = await authorize(new Browser(app), authorizeUrl({ scope: 'openid', prompt: 'none' }));
    const params = responseParams(result);
    expect(params.get('error')).toBe('login_required');
    expect(params.get('iss')).toBe(issuerOf(app));
  });
});

describe('token leakage through referrers (RFC 9700 4.2)', () => {
  it('every step of the flow carries a Referrer-Policy that never leaks a path or query cross-origin', async () => {
    const browser = new Browser(app);
    const start = await browser.fetch(authorizeUrl({}));
    expect(SAFE_REFERRER_POLICIES).toContain(start.headers.get('referrer-policy'));
    const interaction = new URL(start.headers.get('location')!, app.config.publicUrl).pathname;
    const view = await browser.fetch(interaction, { headers: { accept: 'application/json' } });
    expect(SAFE_REFERRER_POLICIES).toContain(view.headers.get('referrer-policy'));
    const { csrf } = (await view.json()) as { csrf: string };
    const login = await browser.postForm(`${interaction}/login`, { csrf, login: admin.username, password: admin.password });
    expect(SAFE_REFERRER_POLICIES).toContain(login.headers.get('referrer-policy'));

    // The response that carries the code: the redirect to the client, and the form_post page.
    let res = await browser.fetch(new URL(login.headers.get('location')!, app.config.publicUrl).pathname + new URL(login.headers.get('location')!, app.config.publicUrl).search);
    for (let hops = 0; hops < 5 && res.status >= 300 && res.status < 400; hops++) {
      const next = new URL(res.headers.get('location')!, app.config.publicUrl);
      if (next.pathname.startsWith('/identity/interaction/')) {
        const details = (await (await browser.fetch(next.pathname, { headers: { accept: 'application/json' } })).json()) as { csrf: string };
        res = await browser.postForm(`${next.pathname}/consent`, { csrf: details.csrf });
      } else if (next.origin === 'http://127.0.0.1:8976') break;
      else res = await browser.fetch(next.pathname + next.search);
    }
    expect(res.headers.get('location')).toContain('code=');
    expect(SAFE_REFERRER_POLICIES).toContain(res.headers.get('referrer-policy'));

    const formPost = await authorize(new Browser(app), authorizeUrl({ response_mode: 'form_post' }), admin);
    expect(formPost.form?.code).toBeTruthy();
    const page = await new Browser(app).fetch(authorizeUrl({ response_mode: 'form_post' }));
    expect(SAFE_REFERRER_POLICIES).toContain(page.headers.get('referrer-policy'));
  });
});

describe('CSRF on the login and consent forms (RFC 9700 4.7)', () => {
  async function pendingInteraction(browser: Browser, params: Record<string, string> = {}) {
    const start = await browser.fetch(authorizeUrl(params));
    const path = new URL(start.headers.get('location')!, app.config.publicUrl).pathname;
    const details = (await (await browser.fetch(path, { headers: { accept: 'application/json' } })).json()) as { csrf: string; prompt: string };
    return { path, ...details };
  }

  it('refuses a login POST without the CSRF token, with a wrong one, or with another interaction\'s', async () => {
    const browser = new Browser(app);
    const { path } = await pendingInteraction(browser);
    const other = await pendingInteraction(new Browser(app));
    const credentials = { login: admin.username, password: admin.password };
    for (const fields of [credentials, { ...credentials, csrf: '' }, { ...credentials, csrf: 'x'.repeat(43) }, { ...credentials, csrf: other.csrf }]) {
      const res = await browser.postForm(`${path}/login`, fields);
      expect(res.status).toBe(403);
      expect(res.headers.get('location')).toBeNull();
    }
  });

  it('refuses a login POST that carries the token but not the interaction cookie (a cross-site form)', async () => {
    const { path, csrf } = await pendingInteraction(new Browser(app));
    const res = await fetch(`${app.url}${path}/login`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ csrf, login: admin.username, password: admin.password }),
    });
    expect(res.status).toBe(400);
    expect(res.headers.get('location')).toBeNull();
    expect(res.headers.getSetCookie().some((c) => c.startsWith('_session='))).toBe(false);
  });

  it('refuses a consent POST without the CSRF token or without the interaction cookie', async () => {
    const browser = new Browser(app);
    const { path, csrf } = await pendingInteraction(browser, { prompt: 'consent', scope: 'openid email' });
    const login = await browser.postForm(`${path}/login`, { csrf, login: admin.username, password: admin.password });
    const resumed = await browser.fetch(new URL(login.headers.get('location')!, app.config.publicUrl).pathname);
    const consentPath = new URL(resumed.headers.get('location')!, app.config.publicUrl).pathname;
    const consent = (await (await browser.fetch(consentPath, { headers: { accept: 'application/json' } })).json()) as { csrf: string; prompt: string };
    expect(consent.prompt).toBe('consent');

    expect((await browser.postForm(`${consentPath}/consent`, {})).status).toBe(403);
    expect((await browser.postForm(`${consentPath}/consent`, { csrf: 'forged' })).status).toBe(403);
    const crossSite = await fetch(`${app.url}${consentPath}/consent`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ csrf: consent.csrf }),
    });
    expect(crossSite.status).toBe(400);
    // The real form still goes through afterwards: the refusals consumed nothing.
    const ok = await browser.postForm(`${consentPath}/consent`, { csrf: consent.csrf });
    expect(ok.status).toBe(303);
  });

  it('sets the interaction and session cookies HttpOnly and SameSite', async () => {
    const browser = new Browser(app);
    const start = await browser.fetch(authorizeUrl({}));
    const cookies = start.headers.getSetCookie();
    expect(cookies.length).toBeGreaterThan(0);
    for (const cookie of cookies) {
      expect(cookie).toMatch(/;\s*httponly/i);
      expect(cookie).toMatch(/;\s*samesite=(lax|strict)/i);
    }
  });
});

describe('a method an endpoint does not take', () => {
  it.each([
    ['GET', '/identity/connect/token', 'POST, OPTIONS'],
    ['PUT', '/identity/connect/token', 'POST, OPTIONS'],
    ['DELETE', '/identity/connect/revocation', 'POST, OPTIONS'],
    ['GET', '/identity/connect/introspect', 'POST, OPTIONS'],
    ['POST', '/identity/connect/authorize', 'GET, HEAD, OPTIONS'],
    ['PUT', '/identity/connect/userinfo', 'GET, POST, HEAD, OPTIONS'],
    ['POST', '/identity/.well-known/openid-configuration', 'GET, HEAD, OPTIONS'],
    ['POST', '/.well-known/openid-configuration', 'GET, HEAD, OPTIONS'],
  ])('%s %s is a 405 with Allow and an OAuth error body, not a plain-text 404', async (method, path, allow) => {
    const res = await fetch(`${app.url}${path}`, { method });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe(allow);
    expect(await res.json()).toEqual({ error: 'invalid_request', error_description: expect.stringMatching(/^this endpoint takes .+ only$/) });
  });

  it('leaves what the endpoints take to the provider: a token request without a grant, a CORS preflight, HEAD on discovery', async () => {
    expect((await fetch(`${app.url}/identity/connect/token`, { method: 'POST' })).status).toBe(400);
    const preflight = await fetch(`${app.url}/identity/connect/token`, { method: 'OPTIONS', headers: { origin: 'https://rp.example', 'access-control-request-method': 'POST' } });
    expect(preflight.status).toBeLessThan(300);
    expect((await fetch(`${app.url}/identity/.well-known/openid-configuration`, { method: 'HEAD' })).status).toBe(200);
  });
});
