import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST } from '@/app/api/auth/backchannel-logout/route';
import { endedSessions } from '@/lib/auth/ended-sessions';
import { BACKCHANNEL_LOGOUT_EVENT } from '@/lib/auth/logout-token';
import { forgetConfig } from '@/lib/config/runtime';
import { tempDataDir } from '../support/temp-dirs';

// A stand-in identity server that serves only what the route reads: discovery and the JWKS.
let server: http.Server;
let issuer: string;
let privateKey: CryptoKey;

beforeAll(async () => {
  const pair = await generateKeyPair('RS256', { extractable: true });
  privateKey = pair.privateKey;
  const jwks = { keys: [{ ...(await exportJWK(pair.publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' }] };
  server = http.createServer((req, res) => {
    res.setHeader('content-type', 'application/json');
    if (req.url === '/identity/.well-known/openid-configuration') {
      res.end(JSON.stringify({ issuer, token_endpoint: `${issuer}/token`, jwks_uri: `${issuer}/jwks`, end_session_endpoint: `${issuer}/session/end` }));
    } else if (req.url === '/identity/jwks') {
      res.end(JSON.stringify(jwks));
    } else {
      res.statusCode = 404;
      res.end('{}');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  issuer = `${base}/identity`;
  Object.assign(process.env, {
    NEXTAUTH_URL: base,
    IDENTITY_CLIENT_SECRET: 'not-used-by-this-route',
    DATA_DIR: tempDataDir('auth-bcl'),
  });
  forgetConfig();
});

afterAll(() => {
  void endedSessions().close();
  server.close();
});

function logoutToken(claims: Record<string, unknown>, audience = 'explorer') {
  return new SignJWT({ events: { [BACKCHANNEL_LOGOUT_EVENT]: {} }, ...claims })
    .setProtectedHeader({ alg: 'RS256', kid: 'k1', typ: 'logout+jwt' })
    .setIssuer(issuer)
    .setAudience(audience)
    .setIssuedAt()
    .setJti(crypto.randomUUID())
    .sign(privateKey);
}

function post(body: Record<string, string>) {
  return POST(
    new Request('http://app/api/auth/backchannel-logout', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(body),
    }),
  );
}

describe('POST /api/auth/backchannel-logout', () => {
  it('ends the session a valid logout token names, answering 200 no-store', async () => {
    const response = await post({ logout_token: await logoutToken({ sub: 'acct-1', sid: 'sid-live' }) });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await endedSessions().isEnded({ sid: 'sid-live', sub: 'acct-1', signedInAt: 0 })).toBe(true);
    expect(await endedSessions().isEnded({ sid: 'sid-other', sub: 'acct-1', signedInAt: 0 })).toBe(false);
  });

  it('refuses a token for another client with 400 and ends nothing', async () => {
    const response = await post({ logout_token: await logoutToken({ sid: 'sid-foreign' }, 'another-app') });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: 'invalid_request' });
    expect(await endedSessions().isEnded({ sid: 'sid-foreign' })).toBe(false);
  });

  it('refuses a request without a logout token', async () => {
    expect((await post({})).status).toBe(400);
  });

  it('reads no more than 16 KB of a body anyone may send: a larger one is a 413 in the same error shape', async () => {
    const response = await post({ logout_token: 'a'.repeat(20 * 1024) });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ error: 'invalid_request', error_description: 'The request body is larger than 16 KB.' });
  });
});
