import http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as jose from 'jose';
import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authorize, Browser, clientConfig, demo, issuerOf, REDIRECT_URI, registerClient, startApiServer, TEST_CLIENT, type App } from './support';

let app: App;
let receiver: http.Server;
let receiverUrl: string;
const logoutTokens: string[] = [];

beforeAll(async () => {
  app = await startApiServer();
  receiver = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      logoutTokens.push(new URLSearchParams(body).get('logout_token') ?? '');
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await app?.close();
  await new Promise((resolve) => receiver?.close(resolve));
});

const user = () => ({ username: 'traveler', password: demo(app).password('traveler') });

async function signIn(browser: Browser, config: oidc.Configuration) {
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const url = oidc.buildAuthorizationUrl(config, { redirect_uri: REDIRECT_URI, scope: 'openid', state, nonce });
  const result = await authorize(browser, url, user());
  return oidc.authorizationCodeGrant(config, result.location!, { expectedState: state, expectedNonce: nonce });
}

async function confirmLogout(browser: Browser, endSessionUrl: URL) {
  const page = await browser.fetch(endSessionUrl.href);
  expect(page.status).toBe(200);
  const html = await page.text();
  const xsrf = /name="xsrf" value="([^"]+)"/.exec(html)![1];
  return browser.postForm('/identity/connect/endsession/confirm', { xsrf, logout: 'yes' });
}

describe('RP-initiated logout', () => {
  it('ends the session and returns to the registered post-logout URI with the state', async () => {
    const config = await clientConfig(app, TEST_CLIENT, oidc.ClientSecretBasic(demo(app).secret(TEST_CLIENT)));
    const browser = new Browser(app);
    const tokens = await signIn(browser, config);
    const end = oidc.buildEndSessionUrl(config, { id_token_hint: tokens.id_token!, post_logout_redirect_uri: 'http://127.0.0.1:8976/logged-out', state: 'bye' });
    const res = await confirmLogout(browser, end);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('http://127.0.0.1:8976/logged-out?state=bye');

    const again = oidc.buildAuthorizationUrl(config, { redirect_uri: REDIRECT_URI, scope: 'openid', prompt: 'none', state: 's' });
    const silent = await authorize(browser, again);
    expect(silent.location!.searchParams.get('error')).toBe('login_required');
  });

  it('signs out without asking when a first-party app sends the ID token as hint, and asks for a bare client_id', async () => {
    const client = await registerClient(app, {
      clientName: 'Our own app',
      grantTypes: ['authorization_code'],
      responseTypes: ['code'],
      redirectUris: [REDIRECT_URI],
      postLogoutRedirectUris: ['http://127.0.0.1:8976/logged-out'],
      authMethod: 'client_secret_basic',
      firstParty: true,
    });
    const config = await clientConfig(app, client.clientId, oidc.ClientSecretBasic(client.clientSecret!));
    const browser = new Browser(app);
    const tokens = await signIn(browser, config);

    const bare = await browser.fetch(oidc.buildEndSessionUrl(config, { client_id: client.clientId, post_logout_redirect_uri: 'http://127.0.0.1:8976/logged-out' }).href);
    expect(await bare.text()).toContain('Yes, sign me out');

    const hinted = await browser.fetch(oidc.buildEndSessionUrl(config, { id_token_hint: tokens.id_token!, post_logout_redirect_uri: 'http://127.0.0.1:8976/logged-out' }).href);
    const html = await hinted.text();
    expect(html).not.toContain('Yes, sign me out');
    expect(html).toContain('<input type="hidden" form="op.logoutForm" name="logout" value="yes">');
    expect(html).toMatch(/getElementById\('op.logoutForm'\)\.submit\(\)/);
  });

  it('asks before signing out when the hint comes from an app that is not ours', async () => {
    const config = await clientConfig(app, TEST_CLIENT, oidc.ClientSecretBasic(demo(app).secret(TEST_CLIENT)));
    const browser = new Browser(app);
    const tokens = await signIn(browser, config);
    const end = oidc.buildEndSessionUrl(config, { id_token_hint: tokens.id_token!, post_logout_redirect_uri: 'http://127.0.0.1:8976/logged-out' });
    expect(await (await browser.fetch(end.href)).text()).toContain('Yes, sign me out');
  });

  it('refuses an unregistered post-logout URI', async () => {
    const config = await clientConfig(app, TEST_CLIENT, oidc.ClientSecretBasic(demo(app).secret(TEST_CLIENT)));
    const browser = new Browser(app);
    const tokens = await signIn(browser, config);
    const end = oidc.buildEndSessionUrl(config, { id_token_hint: tokens.id_token!, post_logout_redirect_uri: 'https://attacker.example/' });
    const res = await browser.fetch(end.href);
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('post_logout_redirect_uri not registered');
  });
});

describe('back-channel and front-channel logout', () => {
  it('delivers a signed logout token to the back-channel URI and loads the front-channel URI with iss and sid', async () => {
    const client = await registerClient(app, {
      clientName: 'Both channels',
      grantTypes: ['authorization_code'],
      responseTypes: ['code'],
      redirectUris: [REDIRECT_URI],
      postLogoutRedirectUris: ['http://127.0.0.1:8976/logged-out'],
      authMethod: 'client_secret_basic',
      backchannelLogoutUri: `${receiverUrl}/backchannel`,
      frontchannelLogoutUri: 'http://127.0.0.1:8976/frontchannel',
    });
    const config = await clientConfig(app, client.clientId, oidc.ClientSecretBasic(client.clientSecret!));
    const browser = new Browser(app);
    const tokens = await signIn(browser, config);
    const sid = tokens.claims()!.sid as string;
    expect(sid).toBeTruthy();

    const end = oidc.buildEndSessionUrl(config, { id_token_hint: tokens.id_token!, post_logout_redirect_uri: 'http://127.0.0.1:8976/logged-out' });
    const res = await confirmLogout(browser, end);
    expect(res.status).toBe(200);
    const html = await res.text();
    const frame = new URL(/<iframe src="([^"]+)"/.exec(html)![1].replace(/&#38;/g, '&'));
    expect(frame.origin + frame.pathname).toBe('http://127.0.0.1:8976/frontchannel');
    expect(frame.searchParams.get('iss')).toBe(issuerOf(app));
    expect(frame.searchParams.get('sid')).toBe(sid);
    expect(html).toContain('http://127.0.0.1:8976/logged-out');

    expect(logoutTokens).toHaveLength(1);
    const jwks = jose.createRemoteJWKSet(new URL(`${app.url}/identity/.well-known/openid-configuration/jwks`));
    const { payload } = await jose.jwtVerify(logoutTokens[0], jwks, { issuer: issuerOf(app), audience: client.clientId });
    expect(payload.sub).toBe('user-traveler');
    expect(payload.sid).toBe(sid);
    expect(payload.events).toEqual({ 'http://schemas.openid.net/event/backchannel-logout': {} });
  });
});
