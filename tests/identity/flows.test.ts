import * as jose from 'jose';
import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authorize, Browser, clientConfig, demo, issuerOf, REDIRECT_URI, registerClient, responseParams, startApiServer, TEST_CLIENT, type App } from './support';

let app: App;
let config: oidc.Configuration;
let secret: string;
let jwks: ReturnType<typeof jose.createRemoteJWKSet>;
let dealer: { username: string; password: string };

beforeAll(async () => {
  app = await startApiServer();
  secret = demo(app).secret(TEST_CLIENT);
  config = await clientConfig(app, TEST_CLIENT, oidc.ClientSecretBasic(secret));
  jwks = jose.createRemoteJWKSet(new URL(`${app.url}/identity/.well-known/openid-configuration/jwks`));
  dealer = { username: 'dealer', password: demo(app).password('dealer') };
});
afterAll(async () => {
  await app?.close();
});

const sha256Half = async (value: string) => {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(value)));
  return Buffer.from(digest.slice(0, 16)).toString('base64url');
};

async function front(responseType: string, extra: Record<string, string> = {}) {
  const nonce = oidc.randomNonce();
  const state = oidc.randomState();
  const url = oidc.buildAuthorizationUrl(config, { redirect_uri: REDIRECT_URI, scope: 'openid email profile cosmos', response_type: responseType, nonce, state, ...extra });
  const result = await authorize(new Browser(app), url, dealer);
  return { params: responseParams(result), result, nonce, state };
}

async function verifyIdToken(idToken: string, nonce: string) {
  const { payload } = await jose.jwtVerify(idToken, jwks, { issuer: issuerOf(app), audience: TEST_CLIENT, algorithms: ['RS256'] });
  expect(payload.nonce).toBe(nonce);
  expect(payload.sub).toBe('user-dealer');
  return payload;
}

describe('implicit flow', () => {
  it('id_token, verified by openid-client', async () => {
    const idConfig = await clientConfig(app, TEST_CLIENT, oidc.ClientSecretBasic(secret));
    oidc.useIdTokenResponseType(idConfig);
    const { result, nonce, state } = await front('id_token');
    const claims = await oidc.implicitAuthentication(idConfig, result.location!, nonce, { expectedState: state });
    expect(claims.sub).toBe('user-dealer');
    expect(JSON.parse(claims.user as string).organizations).toHaveLength(2);
  });

  it('id_token token: at_hash matches and the access token reaches userinfo', async () => {
    const { params, nonce, state } = await front('id_token token');
    expect(params.get('state')).toBe(state);
    const payload = await verifyIdToken(params.get('id_token')!, nonce);
    expect(payload.at_hash).toBe(await sha256Half(params.get('access_token')!));
    const info = await oidc.fetchUserInfo(config, params.get('access_token')!, 'user-dealer');
    expect(info.email).toBe('dan.dealer@example.com');
  });

  it('bare token (OAuth 2.0 implicit)', async () => {
    const { params, state } = await front('token', { scope: 'openid cosmos' });
    expect(params.get('state')).toBe(state);
    expect(params.get('id_token')).toBeNull();
    expect(params.get('token_type')).toBe('Bearer');
    const info = await oidc.fetchUserInfo(config, params.get('access_token')!, 'user-dealer');
    expect(typeof info.user).toBe('string');
  });

  it('refuses response_mode=query for a response carrying tokens', async () => {
    const { params } = await front('id_token token', { response_mode: 'query' });
    expect(params.get('error')).toBe('invalid_request');
  });
});

describe('hybrid flow', () => {
  it('code id_token, verified by openid-client', async () => {
    const hybrid = await clientConfig(app, TEST_CLIENT, oidc.ClientSecretBasic(secret));
    oidc.useCodeIdTokenResponseType(hybrid);
    const { result, nonce, state } = await front('code id_token');
    const tokens = await oidc.authorizationCodeGrant(hybrid, result.location!, { expectedNonce: nonce, expectedState: state });
    expect(tokens.claims()!.sub).toBe('user-dealer');
  });

  for (const responseType of ['code token', 'code id_token token']) {
    it(`${responseType}: c_hash/at_hash match and the code redeems`, async () => {
      const { params, nonce, state } = await front(responseType);
      expect(params.get('access_token')).toBeTruthy();
      if (responseType.includes('id_token')) {
        const payload = await verifyIdToken(params.get('id_token')!, nonce);
        expect(payload.c_hash).toBe(await sha256Half(params.get('code')!));
        expect(payload.at_hash).toBe(await sha256Half(params.get('access_token')!));
      }
      const callback = new URL(REDIRECT_URI);
      callback.search = new URLSearchParams({ code: params.get('code')!, state, // With an ID token in the response its `iss` (verified above) stands for the parameter.
        iss: params.get('iss') ?? issuerOf(app) }).toString();
      const tokens = await oidc.authorizationCodeGrant(config, callback, { expectedState: state, expectedNonce: nonce });
      expect(tokens.claims()!.sub).toBe('user-dealer');
    });
  }
});

describe('response modes', () => {
  it('form_post delivers the code in an auto-submitting form', async () => {
    const { result, state, nonce } = await front('code', { response_mode: 'form_post' });
    expect(result.status).toBe(200);
    expect(result.html).toContain(`action="${REDIRECT_URI}"`);
    const request = new Request(REDIRECT_URI, { method: 'POST', body: new URLSearchParams(result.form!), headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    const tokens = await oidc.authorizationCodeGrant(config, request, { expectedState: state, expectedNonce: nonce });
    expect(tokens.access_token).toBeTruthy();
  });

  it('fragment delivers the code in the fragment', async () => {
    const { result } = await front('code', { response_mode: 'fragment' });
    expect(new URLSearchParams(result.location!.hash.slice(1)).get('code')).toBeTruthy();
    expect(result.location!.search).toBe('');
  });

  it('query is the default for code', async () => {
    const { result } = await front('code');
    expect(result.location!.searchParams.get('code')).toBeTruthy();
  });
});

describe('refresh tokens', () => {
  it('are issued for offline_access with prompt=consent, and refresh', async () => {
    const { result, state, nonce } = await front('code', { scope: 'openid cosmos offline_access', prompt: 'consent' });
    const tokens = await oidc.authorizationCodeGrant(config, result.location!, { expectedState: state, expectedNonce: nonce });
    expect(tokens.refresh_token).toBeTruthy();
    const refreshed = await oidc.refreshTokenGrant(config, tokens.refresh_token!);
    expect(refreshed.access_token).not.toBe(tokens.access_token);
    expect((await oidc.fetchUserInfo(config, refreshed.access_token, 'user-dealer')).sub).toBe('user-dealer');
  });

  it('are not issued without offline_access', async () => {
    const { result, state, nonce } = await front('code');
    const tokens = await oidc.authorizationCodeGrant(config, result.location!, { expectedState: state, expectedNonce: nonce });
    expect(tokens.refresh_token).toBeUndefined();
  });

  it('stop working once revoked', async () => {
    const { result, state, nonce } = await front('code', { scope: 'openid offline_access', prompt: 'consent' });
    const tokens = await oidc.authorizationCodeGrant(config, result.location!, { expectedState: state, expectedNonce: nonce });
    await oidc.tokenRevocation(config, tokens.refresh_token!);
    await expect(oidc.refreshTokenGrant(config, tokens.refresh_token!)).rejects.toMatchObject({ error: 'invalid_grant' });
  });
});

describe('client credentials', () => {
  it('issues a cosmos access token that a resource can introspect', async () => {
    const tokens = await oidc.clientCredentialsGrant(config, { scope: 'cosmos' });
    expect(tokens.scope).toBe('cosmos');
    expect(tokens.expires_in).toBe(600);
    const introspection = await oidc.tokenIntrospection(config, tokens.access_token);
    expect(introspection).toMatchObject({ active: true, client_id: TEST_CLIENT, scope: 'cosmos', token_type: 'Bearer' });
  });
});

describe('password grant', () => {
  it('issues tokens from the provider: ID token, userinfo, refresh', async () => {
    const tokens = await oidc.genericGrantRequest(config, 'password', { username: 'dealer', password: dealer.password, scope: 'openid email profile cosmos offline_access' });
    const { payload } = await jose.jwtVerify(tokens.id_token!, jwks, { issuer: issuerOf(app), audience: TEST_CLIENT });
    expect(payload).toMatchObject({ sub: 'user-dealer', email: 'dan.dealer@example.com', name: 'Dan Dealer' });
    expect(JSON.parse(payload.user as string).id).toBe('user-dealer');
    expect((await oidc.fetchUserInfo(config, tokens.access_token, 'user-dealer')).email).toBe('dan.dealer@example.com');
    const refreshed = await oidc.refreshTokenGrant(config, tokens.refresh_token!);
    expect(refreshed.access_token).toBeTruthy();
  });

  it('says invalid_grant for a wrong password and for an unknown user alike', async () => {
    for (const username of ['dealer', 'nobody-here']) {
      await expect(oidc.genericGrantRequest(config, 'password', { username, password: 'wrong password', scope: 'openid' })).rejects.toMatchObject({
        error: 'invalid_grant',
        error_description: 'invalid username or password',
      });
    }
  });

  it('is refused to a client not allowed the grant', async () => {
    const other = await registerClient(app, { clientName: 'Code only', grantTypes: ['authorization_code'], responseTypes: ['code'], redirectUris: [REDIRECT_URI], authMethod: 'client_secret_basic' });
    const otherConfig = await clientConfig(app, other.clientId, oidc.ClientSecretBasic(other.clientSecret!));
    await expect(oidc.genericGrantRequest(otherConfig, 'password', { username: 'dealer', password: dealer.password })).rejects.toMatchObject({ error: 'unauthorized_client' });
  });
});

describe('client authentication', () => {
  it('client_secret_post', async () => {
    const client = await registerClient(app, { clientName: 'Post', grantTypes: ['client_credentials'], responseTypes: [], redirectUris: [], authMethod: 'client_secret_post' });
    const postConfig = await clientConfig(app, client.clientId, oidc.ClientSecretPost(client.clientSecret!));
    expect((await oidc.clientCredentialsGrant(postConfig, { scope: 'cosmos' })).access_token).toBeTruthy();
    const wrong = await clientConfig(app, client.clientId, oidc.ClientSecretPost('wrong'));
    await expect(oidc.clientCredentialsGrant(wrong, { scope: 'cosmos' })).rejects.toMatchObject({ error: 'invalid_client' });
  });

  it('private_key_jwt', async () => {
    const { privateKey, publicKey } = await jose.generateKeyPair('RS256', { extractable: true });
    const jwk = { ...(await jose.exportJWK(publicKey)), alg: 'RS256', use: 'sig', kid: 'test-key' };
    const client = await registerClient(app, { clientName: 'JWT', grantTypes: ['client_credentials'], responseTypes: [], redirectUris: [], authMethod: 'private_key_jwt', jwks: { keys: [jwk] } });
    expect(client.clientSecret).toBeUndefined();
    const jwtConfig = await clientConfig(app, client.clientId, oidc.PrivateKeyJwt({ key: privateKey, kid: 'test-key' }));
    expect((await oidc.clientCredentialsGrant(jwtConfig, { scope: 'cosmos' })).access_token).toBeTruthy();
    const { privateKey: otherKey } = await jose.generateKeyPair('RS256');
    const wrong = await clientConfig(app, client.clientId, oidc.PrivateKeyJwt({ key: otherKey, kid: 'test-key' }));
    await expect(oidc.clientCredentialsGrant(wrong, { scope: 'cosmos' })).rejects.toMatchObject({ error: 'invalid_client' });
  });
});

describe('access tokens', () => {
  it('stop working when expired or revoked', async () => {
    const { result, state, nonce } = await front('code');
    const tokens = await oidc.authorizationCodeGrant(config, result.location!, { expectedState: state, expectedNonce: nonce });
    expect((await oidc.fetchUserInfo(config, tokens.access_token, 'user-dealer')).sub).toBe('user-dealer');
    await oidc.tokenRevocation(config, tokens.access_token);
    await expect(oidc.fetchUserInfo(config, tokens.access_token, 'user-dealer')).rejects.toThrow();

    const second = await oidc.genericGrantRequest(config, 'password', { username: 'dealer', password: dealer.password, scope: 'openid' });
    const { db, release } = (await import('@/lib/identity/store')).openIdentityDb(app.context.dataDir.file('identity.sqlite'));
    // Ten minutes have passed, as far as the store can tell.
    db.prepare("UPDATE oidc_models SET expires_at = 1 WHERE model = 'AccessToken' AND id = ?").run(second.access_token);
    release();
    await expect(oidc.fetchUserInfo(config, second.access_token, 'user-dealer')).rejects.toThrow();
    expect((await oidc.tokenIntrospection(config, second.access_token)).active).toBe(false);
  });
});
