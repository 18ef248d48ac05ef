import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authorize, Browser, clientConfig, demo, REDIRECT_URI, startApiServer, TEST_CLIENT, type App } from './support';

let app: App;
let config: oidc.Configuration;

beforeAll(async () => {
  app = await startApiServer();
  config = await clientConfig(app, TEST_CLIENT, oidc.ClientSecretBasic(demo(app).secret(TEST_CLIENT)));
});
afterAll(async () => {
  await app?.close();
});

/** Starts an authorization and stops on the login page: the interaction id and its CSRF token. */
async function loginPage(browser: Browser, extra: Record<string, string> = {}) {
  const url = oidc.buildAuthorizationUrl(config, { redirect_uri: REDIRECT_URI, scope: 'openid', state: 's', ...extra });
  const res = await browser.fetch(url.href);
  expect(res.status).toBe(303);
  const uid = /\/identity\/interaction\/([^/?]+)$/.exec(res.headers.get('location')!)![1];
  const view = await browser.fetch(`/identity/interaction/${uid}`, { headers: { accept: 'application/json' } });
  return { uid, setCookies: res.headers.getSetCookie(), details: (await view.json()) as { csrf: string; prompt: string; clientName: string } };
}

describe('the login interaction', () => {
  it('sets HttpOnly, SameSite=Lax cookies, and Secure ones behind an https proxy', async () => {
    const { setCookies, details } = await loginPage(new Browser(app));
    expect(details).toMatchObject({ prompt: 'login', clientName: 'OIDC Test Client' });
    expect(setCookies.length).toBeGreaterThan(0);
    for (const cookie of setCookies) {
      expect(cookie.toLowerCase()).toContain('httponly');
      expect(cookie.toLowerCase()).toContain('samesite=lax');
      expect(cookie.toLowerCase()).not.toContain('secure');
    }
    const proxied = await startApiServer({ trustProxy: true });
    try {
      const proxiedConfig = await clientConfig(proxied, TEST_CLIENT, oidc.ClientSecretBasic(demo(proxied).secret(TEST_CLIENT)));
      const url = oidc.buildAuthorizationUrl(proxiedConfig, { redirect_uri: REDIRECT_URI, scope: 'openid' });
      const res = await fetch(new URL(url.pathname + url.search, proxied.url), { redirect: 'manual', headers: { 'x-forwarded-proto': 'https' } });
      const cookies = res.headers.getSetCookie();
      expect(cookies.length).toBeGreaterThan(0);
      for (const cookie of cookies) expect(cookie.toLowerCase()).toContain('; secure');
    } finally {
      await proxied.close();
    }
  });

  it('answers a method an interaction endpoint does not take with a 405 and its Allow', async () => {
    const browser = new Browser(app);
    const { uid } = await loginPage(browser);
    const cases: [string, string, string][] = [
      ['PUT', `/identity/interaction/${uid}`, 'GET, HEAD'],
      ['GET', `/identity/interaction/${uid}/login`, 'POST'],
      ['DELETE', `/identity/interaction/${uid}/consent`, 'POST'],
      ['GET', `/identity/interaction/${uid}/abort`, 'POST'],
      ['PUT', `/identity/interaction/${uid}/totp`, 'GET, HEAD, POST'],
    ];
    for (const [method, path, allow] of cases) {
      const res = await browser.fetch(path, { method, headers: { accept: 'application/json' } });
      expect(res.status, `${method} ${path}`).toBe(405);
      expect(res.headers.get('allow'), `${method} ${path}`).toBe(allow);
    }
  });

  it('refuses a form without the CSRF token, or from another browser', async () => {
    const browser = new Browser(app);
    const { uid, details } = await loginPage(browser);
    const password = demo(app).password('traveler');
    const noToken = await browser.postForm(`/identity/interaction/${uid}/login`, { login: 'traveler', password }, { accept: 'application/json' });
    expect(noToken.status).toBe(403);
    const wrongToken = await browser.postForm(`/identity/interaction/${uid}/login`, { csrf: 'x'.repeat(43), login: 'traveler', password });
    expect(wrongToken.status).toBe(403);
    const otherBrowser = await new Browser(app).postForm(`/identity/interaction/${uid}/login`, { csrf: details.csrf, login: 'traveler', password });
    expect(otherBrowser.status).toBe(400);
    const ok = await browser.postForm(`/identity/interaction/${uid}/login`, { csrf: details.csrf, login: 'traveler', password });
    expect(ok.status).toBe(303);
    expect(ok.headers.get('location')).toMatch(/\/identity\/connect\/authorize\//);
  });

  it('says the same for a wrong password and an unknown user, and slows down repeated failures', async () => {
    const browser = new Browser(app);
    const { uid, details } = await loginPage(browser);
    const attempt = (login: string, password: string) => browser.postForm(`/identity/interaction/${uid}/login`, { csrf: details.csrf, login, password });

    const wrong = await attempt('unverified', 'wrong password');
    const unknown = await attempt('no-such-user', 'wrong password');
    expect(wrong.status).toBe(303);
    expect(new URL(wrong.headers.get('location')!, app.url).searchParams.get('error')).toBe('invalid');
    expect(new URL(unknown.headers.get('location')!, app.url).searchParams.get('error')).toBe('invalid');

    // Five free failures for one account, then each one more doubles the wait.
    for (let i = 0; i < 5; i++) await attempt('unverified', 'wrong password');
    const throttled = await attempt('unverified', demo(app).password('unverified'));
    const location = new URL(throttled.headers.get('location')!, app.url);
    expect(location.searchParams.get('error')).toBe('throttled');
    expect(Number(location.searchParams.get('retry'))).toBeGreaterThan(0);
    const json = await browser.postForm(`/identity/interaction/${uid}/login`, { csrf: details.csrf, login: 'unverified', password: 'x' }, { accept: 'application/json' });
    expect(json.status).toBe(429);
    expect(Number(json.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('asks a third-party client for consent, and skips it for the first-party Explorer', async () => {
    const browser = new Browser(app);
    const { uid, details } = await loginPage(browser, { scope: 'openid email cosmos' });
    const login = await browser.postForm(`/identity/interaction/${uid}/login`, { csrf: details.csrf, login: 'dealer', password: demo(app).password('dealer') });
    const resumed = await browser.fetch(login.headers.get('location')!);
    const consentUid = /\/identity\/interaction\/([^/?]+)$/.exec(resumed.headers.get('location')!)![1];
    const consent = await (await browser.fetch(`/identity/interaction/${consentUid}`, { headers: { accept: 'application/json' } })).json();
    expect(consent).toMatchObject({ prompt: 'consent', scopes: ['email', 'cosmos'] });

    const explorer = await clientConfig(app, 'explorer', oidc.ClientSecretBasic(demo(app).secret('explorer')));
    const redirectUri = `${app.config.publicUrl}/api/auth/callback/identity`;
    const verifier = oidc.randomPKCECodeVerifier();
    const url = oidc.buildAuthorizationUrl(explorer, {
      redirect_uri: redirectUri,
      scope: 'openid email profile cosmos offline_access',
      prompt: 'consent',
      state: 's',
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
    });
    // No consent step is driven here: the flow must reach the callback with only the login.
    const result = await authorize(new Browser(app), url, { username: 'dealer', password: demo(app).password('dealer') }, { consent: false });
    expect(result.location!.href.startsWith(redirectUri)).toBe(true);
    const tokens = await oidc.authorizationCodeGrant(explorer, result.location!, { expectedState: 's', pkceCodeVerifier: verifier });
    expect(tokens.refresh_token).toBeTruthy();
    expect(JSON.parse(tokens.claims()!.user as string).organizations).toHaveLength(2);
  });

  it('renders an unknown client as an error page without a stack trace', async () => {
    const res = await fetch(`${app.url}/identity/connect/authorize?client_id=nobody&response_type=code&scope=openid&redirect_uri=${encodeURIComponent(REDIRECT_URI)}`);
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain('invalid_client');
    expect(html).toContain('Trip Explorer');
    expect(html).not.toMatch(/at .*\.js:\d+/);
  });
});
