import * as jose from 'jose';
import * as oidc from 'openid-client';
import { DEMO_USERS } from '@/lib/demo/organizations';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authorize, Browser, clientConfig, demo, issuerOf, REDIRECT_URI, registerClient, responseParams, startApiServer, TEST_CLIENT, type App } from './support';

let app: App;
let config: oidc.Configuration;
let admin: { username: string; password: string };

beforeAll(async () => {
  app = await startApiServer();
  config = await clientConfig(app, TEST_CLIENT, oidc.ClientSecretBasic(demo(app).secret(TEST_CLIENT)));
  admin = { username: 'admin', password: demo(app).password('admin') };
});
afterAll(async () => {
  await app?.close();
});

async function codeFlow(params: Record<string, string>, user = admin) {
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const url = oidc.buildAuthorizationUrl(config, { redirect_uri: REDIRECT_URI, scope: 'openid email profile cosmos', state, nonce, ...params });
  const result = await authorize(new Browser(app), url, user);
  expect(result.location, result.html?.slice(0, 300)).toBeDefined();
  return { location: result.location!, state, nonce };
}

describe('authorization code flow', () => {
  it('without PKCE: tokens, an RS256 ID token verifiable with the JWKS, userinfo by scope', async () => {
    const { location, state, nonce } = await codeFlow({});
    const tokens = await oidc.authorizationCodeGrant(config, location, { expectedState: state, expectedNonce: nonce });
    const jwks = jose.createRemoteJWKSet(new URL(`${app.url}/identity/.well-known/openid-configuration/jwks`));
    const { payload, protectedHeader } = await jose.jwtVerify(tokens.id_token!, jwks, { issuer: issuerOf(app), audience: TEST_CLIENT });
    expect(protectedHeader.alg).toBe('RS256');
    expect(payload).toMatchObject({ sub: 'user-admin', email: 'ada.admin@example.com', email_verified: true, given_name: 'Ada', family_name: 'Admin', name: 'Ada Admin' });
    expect(tokens.expires_in).toBe(600);

    const info = await oidc.fetchUserInfo(config, tokens.access_token, 'user-admin');
    expect(info).toMatchObject({ sub: 'user-admin', email: 'ada.admin@example.com', name: 'Ada Admin' });
    expect(JSON.parse(info.user as string)).toEqual(JSON.parse(payload.user as string));
  });

  it('answers userinfo with the claims of the granted scopes only', async () => {
    const expectations: [string, string[]][] = [
      ['openid', ['sub']],
      ['openid email', ['email', 'email_verified', 'sub']],
      ['openid profile', ['family_name', 'given_name', 'name', 'sub']],
      ['openid cosmos', ['sub', 'user']],
    ];
    for (const [scope, claims] of expectations) {
      const { location, state, nonce } = await codeFlow({ scope });
      const tokens = await oidc.authorizationCodeGrant(config, location, { expectedState: state, expectedNonce: nonce });
      expect(Object.keys(await oidc.fetchUserInfo(config, tokens.access_token, 'user-admin')).sort()).toEqual(claims);
      // amr (how the person signed in, here ['pwd']) is an ID token claim of every sign-in, like auth_time.
      expect(tokens.claims()!.amr).toEqual(['pwd']);
      const idClaims = Object.keys(tokens.claims()!).filter((c) => !['iss', 'aud', 'exp', 'iat', 'auth_time', 'amr', 'nonce', 'at_hash', 'sid', 'azp'].includes(c));
      expect(idClaims.sort()).toEqual(claims);
    }
  });

  it('puts the seeded memberships in the user claim, exactly as the spec shapes it', async () => {
    for (const demoUser of DEMO_USERS) {
      const user = { username: demoUser.username, password: demo(app).password(demoUser.username) };
      const { location, state, nonce } = await codeFlow({}, user);
      const tokens = await oidc.authorizationCodeGrant(config, location, { expectedState: state, expectedNonce: nonce });
      const claim = JSON.parse(tokens.claims()!.user as string);
      expect(claim.id).toBe(`user-${demoUser.username}`);
      const expected = demoUser.memberships.map((m) => ({
        ...(m.isAdministrator ? { isAdministrator: true } : {}),
        organizationId: m.organizationId,
        roleIds: m.isAdministrator ? [] : m.roleIds,
      }));
      const actual = claim.organizations.map((o: { isAdministrator?: boolean; organization: { id: string; name: string }; roles: { role: { id: string } }[] }) => ({
        ...(o.isAdministrator ? { isAdministrator: o.isAdministrator } : {}),
        organizationId: o.organization.id,
        roleIds: o.roles.map((r) => r.role.id),
      }));
      const byOrg = (a: { organizationId: string }, b: { organizationId: string }) => a.organizationId.localeCompare(b.organizationId);
      expect(actual.sort(byOrg)).toEqual(expected.sort(byOrg));
      for (const o of claim.organizations) {
        expect(Object.keys(o).sort()).toEqual(o.isAdministrator ? ['isAdministrator', 'organization', 'roles'] : ['organization', 'roles']);
        expect(typeof o.organization.name).toBe('string');
        for (const r of o.roles) expect(Object.keys(r.role).sort()).toEqual(['id', 'name']);
      }
    }
  });

  it('with PKCE S256 and plain; a wrong verifier is invalid_grant', async () => {
    for (const method of ['S256', 'plain'] as const) {
      const verifier = oidc.randomPKCECodeVerifier();
      const challenge = method === 'S256' ? await oidc.calculatePKCECodeChallenge(verifier) : verifier;
      const ok = await codeFlow({ code_challenge: challenge, code_challenge_method: method });
      const tokens = await oidc.authorizationCodeGrant(config, ok.location, { pkceCodeVerifier: verifier, expectedState: ok.state, expectedNonce: ok.nonce });
      expect(tokens.access_token).toBeTruthy();

      const bad = await codeFlow({ code_challenge: challenge, code_challenge_method: method });
      await expect(
        oidc.authorizationCodeGrant(config, bad.location, { pkceCodeVerifier: oidc.randomPKCECodeVerifier(), expectedState: bad.state, expectedNonce: bad.nonce }),
      ).rejects.toMatchObject({ error: 'invalid_grant' });
    }
  });

  it('treats a challenge without a method as plain (RFC 7636 4.3)', async () => {
    const verifier = oidc.randomPKCECodeVerifier();
    const flow = await codeFlow({ code_challenge: verifier });
    const tokens = await oidc.authorizationCodeGrant(config, flow.location, { pkceCodeVerifier: verifier, expectedState: flow.state, expectedNonce: flow.nonce });
    expect(tokens.access_token).toBeTruthy();
  });

  it('refuses a reused code, and revokes what the first use issued', async () => {
    const { location, state, nonce } = await codeFlow({});
    const first = await oidc.authorizationCodeGrant(config, location, { expectedState: state, expectedNonce: nonce });
    await expect(oidc.authorizationCodeGrant(config, location, { expectedState: state, expectedNonce: nonce })).rejects.toMatchObject({ error: 'invalid_grant' });
    await expect(oidc.fetchUserInfo(config, first.access_token, oidc.skipSubjectCheck)).rejects.toThrow();
  });

  it('refuses a wrong client secret with invalid_client', async () => {
    const { location, state, nonce } = await codeFlow({});
    const wrong = await clientConfig(app, TEST_CLIENT, oidc.ClientSecretBasic('not-the-secret'));
    const error = await oidc.authorizationCodeGrant(wrong, location, { expectedState: state, expectedNonce: nonce }).catch((e) => e);
    expect(error).toMatchObject({ status: 401 });
    expect(error.cause[0].parameters.error).toBe('invalid_client');
  });

  it('refuses an unregistered redirect URI without redirecting to it', async () => {
    const url = oidc.buildAuthorizationUrl(config, { redirect_uri: 'https://attacker.example/callback', scope: 'openid', state: 's' });
    const res = await new Browser(app).fetch(url.href);
    expect(res.status).toBe(400);
    expect(res.headers.get('location')).toBeNull();
    const html = await res.text();
    expect(html).toContain('invalid_redirect_uri');
    expect(html).not.toMatch(/at .*\.js:\d+/);
  });

  it('answers a scope the client may not ask for with invalid_scope on the redirect', async () => {
    const narrow = await registerClient(app, {
      clientName: 'Narrow',
      grantTypes: ['authorization_code'],
      responseTypes: ['code'],
      redirectUris: [REDIRECT_URI],
      authMethod: 'client_secret_basic',
      scope: 'openid email',
    });
    const narrowConfig = await clientConfig(app, narrow.clientId, oidc.ClientSecretBasic(narrow.clientSecret!));
    const url = oidc.buildAuthorizationUrl(narrowConfig, { redirect_uri: REDIRECT_URI, scope: 'openid cosmos', state: 's' });
    const result = await authorize(new Browser(app), url, admin);
    const params = responseParams(result);
    expect(params.get('error')).toBe('invalid_scope');
    expect(params.get('state')).toBe('s');
  });

  it('answers an aborted login with access_denied', async () => {
    const url = oidc.buildAuthorizationUrl(config, { redirect_uri: REDIRECT_URI, scope: 'openid', state: 's' });
    const result = await authorize(new Browser(app), url, admin, { consent: false });
    expect(responseParams(result).get('error')).toBe('access_denied');
  });

  it('rejects a tampered ID token', async () => {
    const { location, state, nonce } = await codeFlow({});
    const tokens = await oidc.authorizationCodeGrant(config, location, { expectedState: state, expectedNonce: nonce });
    const [header, payload, signature] = tokens.id_token!.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...claims, sub: 'user-traveler' })).toString('base64url');
    const jwks = jose.createRemoteJWKSet(new URL(`${app.url}/identity/.well-known/openid-configuration/jwks`));
    await expect(jose.jwtVerify(`${header}.${forged}.${signature}`, jwks)).rejects.toThrow(/signature/);
  });
});
