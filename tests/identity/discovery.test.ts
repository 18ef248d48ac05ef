import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiServer, type App } from './support';

let app: App;
beforeAll(async () => {
  app = await startApiServer();
});
afterAll(async () => {
  await app?.close();
});

describe('discovery', () => {
  it('matches the spec table field by field, at the root and under /identity', async () => {
    const base = app.config.publicUrl;
    for (const path of ['/.well-known/openid-configuration', '/identity/.well-known/openid-configuration']) {
      const res = await fetch(`${app.url}${path}`);
      expect(res.status).toBe(200);
      const doc = await res.json();
      expect(doc).toMatchObject({
        issuer: `${base}/identity`,
        jwks_uri: `${base}/identity/.well-known/openid-configuration/jwks`,
        authorization_endpoint: `${base}/identity/connect/authorize`,
        token_endpoint: `${base}/identity/connect/token`,
        userinfo_endpoint: `${base}/identity/connect/userinfo`,
        end_session_endpoint: `${base}/identity/connect/endsession`,
        frontchannel_logout_supported: true,
        frontchannel_logout_session_supported: true,
        backchannel_logout_supported: true,
        backchannel_logout_session_supported: true,
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
      });
      const sorted = (v: string[]) => [...v].sort();
      expect(sorted(doc.scopes_supported)).toEqual(sorted(['openid', 'email', 'profile', 'cosmos', 'offline_access']));
      expect(sorted(doc.claims_supported)).toEqual(sorted(['sub', 'email', 'email_verified', 'family_name', 'given_name', 'user', 'name']));
      expect(sorted(doc.grant_types_supported)).toEqual(sorted(['authorization_code', 'client_credentials', 'refresh_token', 'implicit', 'password']));
      expect(sorted(doc.response_types_supported)).toEqual(
        sorted(['code', 'token', 'id_token', 'id_token token', 'code id_token', 'code token', 'code id_token token']),
      );
      expect(sorted(doc.response_modes_supported)).toEqual(sorted(['form_post', 'query', 'fragment']));
      expect(sorted(doc.token_endpoint_auth_methods_supported)).toEqual(sorted(['client_secret_basic', 'client_secret_post', 'private_key_jwt']));
      expect(sorted(doc.code_challenge_methods_supported)).toEqual(['S256', 'plain']);
    }
  });

  it('answers the spec sample request, which sends an Authorization header', async () => {
    const res = await fetch(`${app.url}/.well-known/openid-configuration`, { headers: { authorization: 'Basic c2VjcmV0' } });
    expect(res.status).toBe(200);
    expect((await res.json()).issuer).toBe(`${app.config.publicUrl}/identity`);
  });

  it('publishes an RS256 signing key without private parts', async () => {
    const { keys } = await (await fetch(`${app.url}/identity/.well-known/openid-configuration/jwks`)).json();
    expect(keys.length).toBeGreaterThan(0);
    expect(keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
    expect(keys[0].d).toBeUndefined();
  });

  it('answers unknown identity paths with a JSON error, not a stack trace', async () => {
    const res = await fetch(`${app.url}/identity/connect/nope`);
    expect(res.status).toBe(404);
    const text = await res.text();
    expect(text).not.toMatch(/at .*\.js:\d+/);
  });
});
